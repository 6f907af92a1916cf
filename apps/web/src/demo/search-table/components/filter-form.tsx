import { Form, Grid, Input, Select } from '@arco-design/web-react';
import { DateRangeEnds } from '../../../components/date-range-ends';
import { FilterPanel } from '../../../components/filter-panel';
import { formatDate } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useFormFollowsApplied } from '../../../lib/use-form-follows-applied';
import { contentTypeKey, filterTypeKey, statusKey } from '../lib/labels';
import { contentTypes, filterTypes, statuses, tableUrl, type CollectionFilters } from '../lib/url-state';
import { DepartmentField } from './department-field';
import { OwnerSelect } from './owner-select';

interface FilterFormProps {
  /** The applied filters (from the URL); the form shows them whenever they change. */
  applied: CollectionFilters;
  /** The applied owner's name, when the page's answer names it. */
  ownerLabel?: string;
  onSearch: (filters: CollectionFilters) => void;
  onReset: () => void;
}

const { Row, Col } = Grid;
const today = () => formatDate(new Date());

/** The form's values: the filters, the created-time range as its two ends (either may stay empty). */
type FormValues = Omit<CollectionFilters, 'createdTime'> & { createdFrom?: string; createdTo?: string };

function toForm({ createdTime, ...rest }: CollectionFilters): FormValues {
  const [from, to] = Array.isArray(createdTime) ? createdTime : [createdTime, ''];
  return { ...rest, createdFrom: from || undefined, createdTo: to || undefined };
}

function fromForm({ createdFrom, createdTo, ...rest }: FormValues): CollectionFilters {
  return tableUrl.compact({ ...rest, createdTime: createdFrom || createdTo ? [createdFrom ?? '', createdTo ?? ''] : undefined });
}

/**
 * The search table's eight filters (the department with everything below it, and the owner, offer only what
 * the caller's data scope reaches). Editing a field changes nothing until 查询: paging, refresh and
 * 下载 always use the applied filters held in the URL.
 */
export function FilterForm({ applied, ownerLabel, onSearch, onReset }: FilterFormProps) {
  const t = useT();
  // English labels are longer: a label column as wide as the longest ("Collection name") rather than wrapping.
  const wide = useLocale() !== 'zh-CN';
  // Three filters a row; in English two, up to very wide screens: after its 136 px label a third of the
  // row left 130 px at 1280 px (the placeholders cut, the dates "Star - End").
  const columnSpan = wide ? { xs: 24, lg: 12, xxl: 8 } : { xs: 24, lg: 8 };
  const [form] = Form.useForm<FormValues>();

  useFormFollowsApplied(form, applied, toForm);

  const submit = () => onSearch(fromForm(form.getFieldsValue() as FormValues));
  const options = (values: readonly string[], key: (v: never) => string) => values.map((value) => ({ value, label: t(key(value as never)) }));

  return (
    <FilterPanel
      form={form}
      stacked
      searchLabel={t('searchTable.form.search')}
      resetLabel={t('searchTable.form.reset')}
      onSearch={submit}
      onReset={onReset}
    >
      <Form
        id="collection-filter"
        form={form}
        labelAlign="left"
        labelCol={wide ? { flex: '136px' } : { span: 6 }}
        wrapperCol={wide ? { flex: 1 } : { span: 18 }}
        onSubmit={submit}
        aria-label={t('searchTable.form.search')}
      >
        <Row gutter={24}>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.number')} field="number">
              <Input allowClear maxLength={32} placeholder={t('searchTable.form.number.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.name')} field="name">
              <Input allowClear maxLength={50} placeholder={t('searchTable.form.name.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.contentType')} field="contentType">
              <Select allowClear placeholder={t('searchTable.form.selectDefault')} options={options(contentTypes, contentTypeKey)} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.filterType')} field="filterType">
              <Select allowClear placeholder={t('searchTable.form.selectDefault')} options={options(filterTypes, filterTypeKey)} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.createdTime')}>
              <DateRangeEnds
                from="createdFrom"
                to="createdTo"
                label={t('searchTable.form.createdTime')}
                placeholders={[t('searchTable.form.startDate'), t('searchTable.form.endDate')]}
                disabledDate={(date) => date.format('YYYY-MM-DD') > today()}
              />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.status')} field="status">
              <Select allowClear placeholder={t('searchTable.form.selectDefault')} options={options(statuses, statusKey)} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.columns.department')} field="department">
              <DepartmentField allowClear placeholder={t('searchTable.form.selectDefault')} aria-label={t('searchTable.columns.department')} />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.columns.owner')} field="owner">
              <OwnerSelect label={ownerLabel} placeholder={t('searchTable.form.selectDefault')} aria-label={t('searchTable.columns.owner')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FilterPanel>
  );
}
