import { DatePicker, Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import type { ReactElement } from 'react';
import { CountedInput, CountedTextArea } from '../../../components/counted-input';
import type { TFunction } from '../../../lib/i18n';
import { INT_MAX } from './filter-values';
import { enumOptions } from './labels';
import type { ReferenceLabels } from './resource-api';
import { ReferenceSelect, referenceTarget } from './reference-select';

interface InputContext {
  def: ResourceDef;
  /** The labels of the record's references, as the list or the record sent them. */
  labels: ReferenceLabels;
  /** A read-only field of a saved record. */
  disabled: boolean;
  t: TFunction;
}

const full = { width: '100%' };

/**
 * The form's input for a field, by its type. Returned as an element (not wrapped in a component) so the
 * form item hands it its value and onChange directly.
 */
export function fieldInput(field: ResourceField, { def, labels, disabled, t }: InputContext): ReactElement {
  const placeholder = t('resourcePage.input.placeholder');
  const choose = t('resourcePage.select.placeholder');
  switch (field.type) {
    case 'string':
      return <CountedInput maxLength={field.max ?? 100} placeholder={placeholder} disabled={disabled} />;
    case 'text':
      return <CountedTextArea maxLength={field.max ?? 2000} placeholder={placeholder} disabled={disabled} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'integer':
      // Bounds given (its ARIA range must be finite): a value past them is brought back to them on blur.
      return <InputNumber precision={0} min={field.min ?? -INT_MAX} max={field.max ?? INT_MAX} placeholder={placeholder} disabled={disabled} style={full} />;
    case 'decimal': {
      const scale = field.scale ?? 2;
      // Decimals travel as strings ("19.90"), never as binary floats: a text input keeps every digit.
      return <Input inputMode="decimal" placeholder={scale > 0 ? `0.${'0'.repeat(scale)}` : '0'} disabled={disabled} />;
    }
    case 'boolean':
      return <Switch disabled={disabled} />;
    case 'date':
      return <DatePicker format="YYYY-MM-DD" disabled={disabled} style={full} />;
    case 'datetime':
      return <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" disabled={disabled} style={full} />;
    case 'enum':
      return <Select allowClear={!field.required} placeholder={choose} options={enumOptions(def, field, t)} disabled={disabled} />;
    case 'reference': {
      const target = referenceTarget(def, field);
      return target ? <ReferenceSelect target={target} known={labels[field.name]} disabled={disabled} /> : <InputNumber precision={0} min={1} max={INT_MAX} disabled={disabled} style={full} />;
    }
  }
}
