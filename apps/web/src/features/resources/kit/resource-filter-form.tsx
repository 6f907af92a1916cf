import { DatePicker, Form, Grid, Input, InputNumber, Select } from '@arco-design/web-react';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { useEffect, type ReactElement } from 'react';
import { FilterPanel } from '../../../components/filter-panel';
import { useLocale, useT, type TFunction } from '../../../lib/i18n';
import { fromFilterForm, INT_MAX, rangeFrom, rangeTo, toFilterForm, type FilterFormValues } from './filter-values';
import { booleanOptions, enumOptions, fieldKey } from './labels';
import { ReferenceSelect, referenceTarget } from './reference-select';
import type { ResourceFilters } from './resource-url';
import styles from './resource-page.module.css';

const { Row, Col } = Grid;

interface ResourceFilterFormProps {
  def: ResourceDef;
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: ResourceFilters;
  onSearch: (filters: ResourceFilters) => void;
}

/** A number range: an input for each end, either of which may stay empty. */
function numberRange(field: ResourceField, label: string, t: TFunction): ReactElement {
  const end = (name: string, which: 'from' | 'to') => (
    <Form.Item field={name} noStyle>
      {field.type === 'integer' ? (
        <InputNumber precision={0} min={field.min ?? -INT_MAX} max={field.max ?? INT_MAX} placeholder={t(`resourcePage.filter.${which}`)} aria-label={`${label} ${t(`resourcePage.filter.${which}`)}`} />
      ) : (
        <Input inputMode="decimal" allowClear placeholder={t(`resourcePage.filter.${which}`)} aria-label={`${label} ${t(`resourcePage.filter.${which}`)}`} />
      )}
    </Form.Item>
  );
  return (
    <div className={styles.range}>
      {end(rangeFrom(field.name), 'from')}
      <span className={styles.rangeSeparator} aria-hidden="true">
        ~
      </span>
      {end(rangeTo(field.name), 'to')}
    </div>
  );
}

/** The control of one filter, by the field's type and filter kind. */
function filterInput(def: ResourceDef, field: ResourceField, t: TFunction, submit: () => void): ReactElement {
  const all = t('resourcePage.filter.all');
  const text = t('resourcePage.input.placeholder');
  if (field.filter === 'range') {
    if (field.type === 'date') return <DatePicker.RangePicker format="YYYY-MM-DD" style={{ width: '100%' }} />;
    if (field.type === 'datetime') return <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />;
  }
  switch (field.type) {
    case 'enum':
      return <Select allowClear placeholder={all} options={enumOptions(def, field, t)} />;
    case 'boolean':
      return <Select allowClear placeholder={all} options={booleanOptions(t)} />;
    case 'reference': {
      const target = referenceTarget(def, field);
      if (target) return <ReferenceSelect target={target} placeholder={all} />;
      break;
    }
    case 'date':
      return <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />;
  }
  return <Input allowClear maxLength={100} inputMode={field.type === 'string' ? undefined : 'decimal'} placeholder={text} onPressEnter={submit} />;
}

/**
 * The filters of the fields that have one. Typing changes nothing until 查询: the list follows the URL
 * only, so paging, refresh and export always use the applied filters.
 */
export function ResourceFilterForm({ def, applied, onSearch }: ResourceFilterFormProps) {
  const t = useT();
  const wide = useLocale() !== 'zh-CN';
  const [form] = Form.useForm<FilterFormValues>();
  const fields = def.fields.filter((f) => f.filter);
  // One label width for every filter, as wide as the longest label (English labels run longer).
  const longest = Math.max(...fields.map((f) => t(fieldKey(def, f.name)).length));
  const labelWidth = `${Math.min(160, Math.max(64, Math.ceil(longest * (wide ? 8 : 14)) + 24))}px`;
  const span = wide ? { xs: 24, md: 12, xxl: 8 } : { xs: 24, md: 12, lg: 8 };

  // Only a change of the applied filters (a search, a reset, back/forward) rewrites the fields.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(toFilterForm(def, JSON.parse(appliedKey) as ResourceFilters));
  }, [appliedKey, form, def]);

  const submit = () => onSearch(fromFilterForm(def, form.getFieldsValue()));

  return (
    <FilterPanel form={form} stacked={fields.length > 3} searchLabel={t('resourcePage.filter.search')} resetLabel={t('resourcePage.filter.reset')} onSearch={submit} onReset={() => onSearch({})}>
      <Form form={form} labelAlign="left" labelCol={{ flex: labelWidth }} wrapperCol={{ flex: 1 }} onSubmit={submit} aria-label={t('resourcePage.filter.label')}>
        <Row gutter={24}>
          {fields.map((field) => {
            const label = t(fieldKey(def, field.name));
            const range = field.filter === 'range' && (field.type === 'integer' || field.type === 'decimal');
            return (
              <Col key={field.name} {...span}>
                {range ? (
                  <Form.Item label={label}>{numberRange(field, label, t)}</Form.Item>
                ) : (
                  <Form.Item label={label} field={field.name}>
                    {filterInput(def, field, t, submit)}
                  </Form.Item>
                )}
              </Col>
            );
          })}
        </Row>
      </Form>
    </FilterPanel>
  );
}
