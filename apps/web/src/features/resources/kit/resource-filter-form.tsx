import { DatePicker, Form, Grid, Input, InputNumber, Select } from '@arco-design/web-react';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { useCallback, type ReactElement } from 'react';
import { DateRangeEnds } from '../../../components/date-range-ends';
import { FilterPanel } from '../../../components/filter-panel';
import { useLocale, useT, type TFunction } from '../../../lib/i18n';
import { useFormFollowsApplied } from '../../../lib/use-form-follows-applied';
import { fromFilterForm, INT_MAX, rangeFrom, rangeTo, toFilterForm, type FilterFormValues } from './filter-values';
import { booleanOptions, enumOptions, fieldKey } from './labels';
import { ReferenceSelect, referenceTarget } from './reference-select';
import type { ResourceFilters } from './resource-url';
import { ScopeDepartmentSelect, ScopeOwnerSelect } from './scope-fields';
import { scopeFieldKey, scopeFieldsOf } from './scope-names';
import styles from './resource-page.module.css';

const { Row, Col } = Grid;

interface ResourceFilterFormProps {
  def: ResourceDef;
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: ResourceFilters;
  onSearch: (filters: ResourceFilters) => void;
}

/** A range: an input (a picker for a date) for each end, either of which may stay empty. */
function rangeInputs(field: ResourceField, label: string, t: TFunction): ReactElement {
  if (field.type === 'date' || field.type === 'datetime') {
    const time = field.type === 'datetime';
    const placeholders: [string, string] = time ? [t('resourcePage.filter.startTime'), t('resourcePage.filter.endTime')] : [t('resourcePage.filter.startDate'), t('resourcePage.filter.endDate')];
    return <DateRangeEnds from={rangeFrom(field.name)} to={rangeTo(field.name)} label={label} placeholders={placeholders} showTime={time} />;
  }
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
  const scoped = scopeFieldsOf(def);
  // One label width for every filter, as wide as the longest label (English labels run longer).
  const longest = Math.max(...fields.map((f) => t(fieldKey(def, f.name)).length), ...scoped.map((name) => t(scopeFieldKey(name)).length));
  const labelWidth = `${Math.min(160, Math.max(64, Math.ceil(longest * (wide ? 8 : 14)) + 24))}px`;
  const span = wide ? { xs: 24, md: 12, xxl: 8 } : { xs: 24, md: 12, lg: 8 };

  useFormFollowsApplied(form, applied, useCallback((filters: ResourceFilters) => toFilterForm(def, filters), [def]));

  const submit = () => onSearch(fromFilterForm(def, form.getFieldsValue()));
  // the filters the list applies now (a range counts once, whichever ends it has)
  const appliedCount = [...fields.map((f) => f.name), ...scoped].filter((name) => {
    const value = applied[name];
    return Array.isArray(value) ? value.some((end) => end !== '') : value !== undefined && value !== '';
  }).length;
  const phoneToggle = appliedCount > 0 ? t('resourcePage.filter.toggleApplied', { count: appliedCount }) : t('resourcePage.filter.toggle');

  return (
    <FilterPanel form={form} stacked={fields.length + scoped.length > 3} searchLabel={t('resourcePage.filter.search')} resetLabel={t('resourcePage.filter.reset')} onSearch={submit} onReset={() => onSearch({})} phoneToggle={phoneToggle}>
      <Form id={`${def.name}-filter`} form={form} labelAlign="left" labelCol={{ flex: labelWidth }} wrapperCol={{ flex: 1 }} onSubmit={submit} aria-label={t('resourcePage.filter.label')}>
        <Row gutter={24}>
          {fields.map((field) => {
            const label = t(fieldKey(def, field.name));
            const range = field.filter === 'range';
            return (
              <Col key={field.name} {...span}>
                {range ? (
                  <Form.Item label={label}>{rangeInputs(field, label, t)}</Form.Item>
                ) : (
                  <Form.Item label={label} field={field.name}>
                    {filterInput(def, field, t, submit)}
                  </Form.Item>
                )}
              </Col>
            );
          })}
          {scoped.map((name) => {
            const label = t(scopeFieldKey(name));
            const Picker = name === 'department' ? ScopeDepartmentSelect : ScopeOwnerSelect;
            return (
              <Col key={name} {...span}>
                <Form.Item label={label} field={name}>
                  <Picker def={def} aria-label={label} placeholder={t('resourcePage.filter.all')} allowClear data-testid={`${def.name}-filter-${name}`} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </FilterPanel>
  );
}
