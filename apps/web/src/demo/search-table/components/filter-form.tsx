import { DatePicker, Form, Grid, Input, Select } from '@arco-design/web-react';
import { useEffect } from 'react';
import { FilterPanel } from '../../../components/filter-panel';
import { formatDate } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { contentTypeKey, filterTypeKey, statusKey } from '../lib/labels';
import { contentTypes, filterTypes, statuses, tableUrl, type CollectionFilters } from '../lib/url-state';

interface FilterFormProps {
  /** The applied filters (from the URL); the form shows them whenever they change. */
  applied: CollectionFilters;
  onSearch: (filters: CollectionFilters) => void;
  onReset: () => void;
}

const { Row, Col } = Grid;
const today = () => formatDate(new Date());

/**
 * The search table's six filters. Editing a field changes nothing until 查询: paging, refresh and
 * 下载 always use the applied filters held in the URL.
 */
export function FilterForm({ applied, onSearch, onReset }: FilterFormProps) {
  const t = useT();
  // English labels are longer: a label column as wide as the longest ("Collection name") rather than wrapping.
  const wide = useLocale() !== 'zh-CN';
  // Three filters a row; in English two, up to very wide screens: after its 136 px label a third of the
  // row left 130 px at 1280 px (the placeholders cut, the dates "Star - End").
  const columnSpan = wide ? { xs: 24, lg: 12, xxl: 8 } : { xs: 24, lg: 8 };
  const [form] = Form.useForm<CollectionFilters>();

  // Only a change of the applied filters themselves (a search, a reset, back/forward) rewrites the fields:
  // a re-render or a URL change that keeps them (paging, a normalised query) leaves what is being typed.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(JSON.parse(appliedKey) as CollectionFilters);
  }, [appliedKey, form]);

  const submit = () => onSearch(tableUrl.compact(form.getFieldsValue() as CollectionFilters));
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
            <Form.Item label={t('searchTable.form.createdTime')} field="createdTime">
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                format="YYYY-MM-DD"
                disabledDate={(date) => date.format('YYYY-MM-DD') > today()}
              />
            </Form.Item>
          </Col>
          <Col {...columnSpan}>
            <Form.Item label={t('searchTable.form.status')} field="status">
              <Select allowClear placeholder={t('searchTable.form.selectDefault')} options={options(statuses, statusKey)} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FilterPanel>
  );
}
