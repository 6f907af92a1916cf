import { Button, DatePicker, Form, Grid, Input, Select } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { resultKey } from '../lib/labels';
import { auditResults, instantToLocal, localToInstant, type AuditFilters } from '../lib/url-state';
import styles from '../system-audit.module.css';

const { Row, Col } = Grid;

/** The form's values: the time range as the picker holds it (local `YYYY-MM-DD HH:mm:ss`). */
interface FormValues {
  range?: [string, string];
  actor?: string;
  action?: string;
  result?: AuditFilters['result'];
}

function toForm({ from, to, ...rest }: AuditFilters): FormValues {
  const start = from ? instantToLocal(from) : undefined;
  const end = to ? instantToLocal(to) : undefined;
  // The picker holds both ends or none: a link with one open end applies it, but the picker stays empty.
  return { ...rest, range: start && end ? [start, end] : undefined };
}

function fromForm({ range, ...rest }: FormValues): AuditFilters {
  const [start, end] = range ?? [];
  return { ...rest, from: start ? localToInstant(start) : undefined, to: end ? localToInstant(end) : undefined };
}

interface AuditFilterFormProps {
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: AuditFilters;
  onSearch: (filters: AuditFilters) => void;
}

/** Time range, actor, action and result. Typing changes nothing until 查询: the list follows the URL only. */
export function AuditFilterForm({ applied, onSearch }: AuditFilterFormProps) {
  const t = useT();
  // English labels are longer: they get a wider label column rather than wrapping.
  const wide = useLocale() !== 'zh-CN';
  const [form] = Form.useForm<FormValues>();

  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    form.clearFields();
    form.setFieldsValue(toForm(JSON.parse(appliedKey) as AuditFilters));
  }, [appliedKey, form]);

  const submit = () => onSearch(fromForm(form.getFieldsValue() as FormValues));

  return (
    <div className={styles.filterRow}>
      <Form
        form={form}
        className={styles.filterForm}
        labelAlign="left"
        labelCol={{ span: wide ? 8 : 6 }}
        wrapperCol={{ span: wide ? 16 : 18 }}
        onSubmit={submit}
        aria-label={t('systemAudit.filter.label')}
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label={t('systemAudit.filter.range')} field="range">
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                showTime={{ defaultValue: ['00:00:00', '23:59:59'] }}
                format="YYYY-MM-DD HH:mm:ss"
                // The two-month panel is wider than a phone: there it scrolls sideways inside the screen.
                triggerProps={{ popupStyle: { maxWidth: '100vw', overflowX: 'auto' } }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.actor')} field="actor">
              <Input allowClear maxLength={64} placeholder={t('systemAudit.filter.actor.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.action')} field="action">
              <Input allowClear maxLength={64} placeholder={t('systemAudit.filter.action.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.result')} field="result">
              <Select allowClear placeholder={t('systemAudit.filter.all')} options={auditResults.map((value) => ({ value, label: t(resultKey(value)) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <div className={styles.filterButtons}>
        <Button type="primary" icon={<IconSearch />} onClick={submit}>
          {t('systemAudit.filter.search')}
        </Button>
        <Button
          icon={<IconRefresh />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('systemAudit.filter.reset')}
        </Button>
      </div>
    </div>
  );
}
