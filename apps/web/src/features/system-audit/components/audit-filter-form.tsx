import { Form, Grid, Input, Select } from '@arco-design/web-react';
import { useMemo, useState, type ReactElement } from 'react';
import { DateRangeEnds } from '../../../components/date-range-ends';
import { FilterPanel } from '../../../components/filter-panel';
import { useLocale, useT } from '../../../lib/i18n';
import { useFormFollowsApplied } from '../../../lib/use-form-follows-applied';
import { namedActions, resultKey } from '../lib/labels';
import { instantToLocal, localToInstant } from '../../../lib/format';
import { auditResults, type AuditFilters } from '../lib/url-state';

const { Row, Col } = Grid;

/** The form's values: each end of the time range as its picker holds it (local `YYYY-MM-DD HH:mm:ss`). */
interface FormValues {
  from?: string;
  to?: string;
  actor?: string;
  action?: string;
  result?: AuditFilters['result'];
}

// Either end may stay open ("everything since", "everything until"): each end has its own picker (DateRangeEnds).
function toForm({ from, to, ...rest }: AuditFilters): FormValues {
  return { ...rest, from: from ? instantToLocal(from) : undefined, to: to ? instantToLocal(to) : undefined };
}

function fromForm({ from, to, ...rest }: FormValues): AuditFilters {
  return { ...rest, from: from ? localToInstant(from) : undefined, to: to ? localToInstant(to) : undefined };
}

interface AuditFilterFormProps {
  /** The applied filters (from the URL); the fields show them whenever they change. */
  applied: AuditFilters;
  onSearch: (filters: AuditFilters) => void;
}

/** What a call's id looks like (`system.audit.list`, `order.transition.send-back`). */
const ACTION_ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/** Time range, actor, action and result. Typing changes nothing until 查询: the list follows the URL only. */
export function AuditFilterForm({ applied, onSearch }: AuditFilterFormProps) {
  const t = useT();
  // One label width for every filter, whatever its column's span: on a tablet the time range takes the
  // whole row and the others half of it, and labels as a share of the column did not line up.
  // English labels are longer: a wider label rather than wrapping.
  const locale = useLocale();
  const labelWidth = locale === 'zh-CN' ? '84px' : '112px';
  const [form] = Form.useForm<FormValues>();
  const named = useMemo(() => namedActions(locale, t), [locale, t]);
  // An action without a name (a refused read) is typed as its id, or comes with the URL: offered as it is.
  const [typed, setTyped] = useState('');
  const actions = useMemo(() => {
    const ids = [typed.trim(), applied.action ?? ''].filter((id) => ACTION_ID.test(id) && !named.some((a) => a.value === id));
    return [...new Set(ids)].map((id) => ({ value: id, label: id })).concat(named);
  }, [named, typed, applied.action]);

  useFormFollowsApplied(form, applied, toForm);

  const submit = () => onSearch(fromForm(form.getFieldsValue() as FormValues));
  return (
    <FilterPanel
      form={form}
      stacked
      searchLabel={t('systemAudit.filter.search')}
      resetLabel={t('systemAudit.filter.reset')}
      onSearch={submit}
      onReset={() => onSearch({})}
    >
      <Form
        id="audit-filter"
        form={form}
        labelAlign="left"
        labelCol={{ flex: labelWidth }}
        wrapperCol={{ flex: 1 }}
        onSubmit={submit}
        aria-label={t('systemAudit.filter.label')}
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label={t('systemAudit.filter.range')}>
              <DateRangeEnds from="from" to="to" showTime placeholders={[t('systemAudit.filter.from'), t('systemAudit.filter.to')]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.actor')} field="actor">
              <Input allowClear maxLength={64} placeholder={t('systemAudit.filter.actor.placeholder')} onPressEnter={submit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.action')} field="action">
              {/* Picked by its name or typed as its id (one without a name: a refused read); the trail is filtered by the id. */}
              <Select
                allowClear
                showSearch
                onSearch={setTyped}
                placeholder={t('systemAudit.filter.all')}
                options={actions}
                filterOption={(input, option) => {
                  const { value, children } = (option as ReactElement<{ value?: unknown; children?: unknown }>).props;
                  const q = input.trim().toLowerCase();
                  // by name; by id only once what is typed reads as one (`user.`, `system.user`): a word such
                  // as "user" is the start of many ids whose names say something else (Apply for certification)
                  return String(children).toLowerCase().includes(q) || (q.includes('.') && String(value).toLowerCase().includes(q));
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={12}>
            <Form.Item label={t('systemAudit.columns.result')} field="result">
              <Select allowClear placeholder={t('systemAudit.filter.all')} options={auditResults.map((value) => ({ value, label: t(resultKey(value)) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FilterPanel>
  );
}
