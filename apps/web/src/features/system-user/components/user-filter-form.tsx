import { Form, Grid, Input, Select } from '@arco-design/web-react';
import { FilterPanel } from '../../../components/filter-panel';
import { DepartmentSelect } from '../../system-department/components/department-select';
import type { DepartmentOption } from '../../system-department/lib/tree';
import { useLocale, useT } from '../../../lib/i18n';
import { useFormFollowsApplied } from '../../../lib/use-form-follows-applied';
import { sourceKey, statusKey } from '../lib/labels';
import { accountSources, accountStatuses, type UserFilters } from '../lib/url-state';

const { Row, Col } = Grid;

interface UserFilterFormProps {
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: UserFilters;
  roleOptions: { value: string; label: string }[];
  /** The department tree; null without `department:read` (no department filter then). */
  departmentOptions: DepartmentOption[] | null;
  onSearch: (filters: UserFilters) => void;
}

/** Keyword, role, status, source and department (with those below it). Typing changes nothing until 查询: the list follows the URL only. */
export function UserFilterForm({ applied, roleOptions, departmentOptions, onSearch }: UserFilterFormProps) {
  const t = useT();
  // One label width for the filters (English labels are longer). Two rows of two on a desktop: the
  // keyword, which names four fields in its placeholder, gets half a row (as a third of the row it was
  // 155 px at 1280 px in English and cut its placeholder).
  const labelWidth = useLocale() === 'zh-CN' ? '72px' : '80px';
  const [form] = Form.useForm<UserFilters>();

  useFormFollowsApplied(form, applied);

  const submit = () => onSearch(form.getFieldsValue() as UserFilters);

  return (
    <FilterPanel
      form={form}
      stacked
      searchLabel={t('systemUser.filter.search')}
      resetLabel={t('systemUser.filter.reset')}
      onSearch={submit}
      onReset={() => onSearch({})}
    >
      <Form id="user-filter" form={form} labelAlign="left"
        labelCol={{ flex: labelWidth }}
        wrapperCol={{ flex: 1 }}
        onSubmit={submit} aria-label={t('systemUser.filter.label')}>
        <Row gutter={24}>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemUser.filter.keyword')} field="keyword">
              <Input allowClear maxLength={64} placeholder={t('systemUser.filter.keyword.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemUser.field.roles')} field="role">
              <Select allowClear showSearch placeholder={t('systemUser.filter.all')} options={roleOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemUser.columns.status')} field="status">
              <Select allowClear placeholder={t('systemUser.filter.all')} options={accountStatuses.map((value) => ({ value, label: t(statusKey(value)) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemUser.columns.source')} field="source">
              <Select allowClear placeholder={t('systemUser.filter.all')} options={accountSources.map((value) => ({ value, label: t(sourceKey(value)) }))} />
            </Form.Item>
          </Col>
          {departmentOptions && (
            <Col xs={24} md={12} lg={12}>
              <Form.Item label={t('systemUser.field.department')} field="departmentId">
                <DepartmentSelect
                  options={departmentOptions}
                  allowClear
                  placeholder={t('systemUser.filter.all')}
                  aria-label={t('systemUser.field.department')}
                  data-testid="user-filter-department"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FilterPanel>
  );
}
