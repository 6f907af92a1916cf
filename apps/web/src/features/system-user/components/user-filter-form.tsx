import { Form, Grid, Input, Select } from '@arco-design/web-react';
import { useEffect } from 'react';
import { FilterPanel } from '../../../components/filter-panel';
import { useLocale, useT } from '../../../lib/i18n';
import { statusKey } from '../lib/labels';
import { accountStatuses, type UserFilters } from '../lib/url-state';

const { Row, Col } = Grid;

interface UserFilterFormProps {
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: UserFilters;
  roleOptions: { value: string; label: string }[];
  onSearch: (filters: UserFilters) => void;
}

/** Keyword, role and status. Typing changes nothing until 查询: the list follows the URL only. */
export function UserFilterForm({ applied, roleOptions, onSearch }: UserFilterFormProps) {
  const t = useT();
  // One label width for the three filters (English labels are longer), and the keyword, which names
  // four fields in its placeholder, gets the widest column: as a third of the row after a label a third
  // of its column, it was 155 px at 1280 px in English and cut its placeholder.
  const labelWidth = useLocale() === 'zh-CN' ? '72px' : '80px';
  const [form] = Form.useForm<UserFilters>();

  // Only a change of the applied filters (a search, a reset, back/forward) rewrites the fields.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(JSON.parse(appliedKey) as UserFilters);
  }, [appliedKey, form]);

  const submit = () => onSearch(form.getFieldsValue() as UserFilters);

  return (
    <FilterPanel
      form={form}
      searchLabel={t('systemUser.filter.search')}
      resetLabel={t('systemUser.filter.reset')}
      onSearch={submit}
      onReset={() => onSearch({})}
    >
      <Form form={form} labelAlign="left"
        labelCol={{ flex: labelWidth }}
        wrapperCol={{ flex: 1 }}
        onSubmit={submit} aria-label={t('systemUser.filter.label')}>
        <Row gutter={24}>
          <Col xs={24} lg={10}>
            <Form.Item label={t('systemUser.filter.keyword')} field="keyword">
              <Input allowClear maxLength={64} placeholder={t('systemUser.filter.keyword.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={7}>
            <Form.Item label={t('systemUser.field.roles')} field="role">
              <Select allowClear showSearch placeholder={t('systemUser.filter.all')} options={roleOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={7}>
            <Form.Item label={t('systemUser.columns.status')} field="status">
              <Select allowClear placeholder={t('systemUser.filter.all')} options={accountStatuses.map((value) => ({ value, label: t(statusKey(value)) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FilterPanel>
  );
}
