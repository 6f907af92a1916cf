import { Form, InputNumber, Radio, Select, type FormInstance } from '@arco-design/web-react';
import { COLLECTION_NAME_MAX, collectionFormSchema, type CollectionForm } from '@atrium/contracts/demo/search-table/calls';
import { CountedInput } from '../../../components/counted-input';
import { zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { contentTypeKey, filterTypeKey, statusKey } from '../lib/labels';
import { contentTypes, filterTypes, statuses } from '../lib/url-state';

const shape = collectionFormSchema.shape;

/**
 * The collection form, shared by 新建 and 编辑. The rules are the contract's schema,
 * the one the server applies, so both sides report the same text.
 */
export function CollectionFields({ form, initialValues }: { form: FormInstance<CollectionForm>; initialValues?: Partial<CollectionForm> }) {
  const t = useT();
  return (
    <Form form={form} layout="vertical" initialValues={{ status: 'offline', ...initialValues }} autoComplete="off">
      <Form.Item label={t('searchTable.form.name')} field="name" required rules={[zodRule(shape.name, t)]}>
        <CountedInput placeholder={t('searchTable.form.name.placeholder')} maxLength={COLLECTION_NAME_MAX} />
      </Form.Item>
      <Form.Item label={t('searchTable.form.contentType')} field="contentType" required rules={[zodRule(shape.contentType, t)]}>
        <Select placeholder={t('searchTable.error.contentType.required')} options={contentTypes.map((v) => ({ value: v, label: t(contentTypeKey(v)) }))} />
      </Form.Item>
      <Form.Item label={t('searchTable.form.filterType')} field="filterType" required rules={[zodRule(shape.filterType, t)]}>
        <Select placeholder={t('searchTable.error.filterType.required')} options={filterTypes.map((v) => ({ value: v, label: t(filterTypeKey(v)) }))} />
      </Form.Item>
      <Form.Item label={t('searchTable.form.count')} field="count" required rules={[zodRule(shape.count, t)]}>
        <InputNumber precision={0} placeholder={t('searchTable.form.count.placeholder')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={t('searchTable.form.status')} field="status" required rules={[zodRule(shape.status, t)]}>
        <Radio.Group options={statuses.map((v) => ({ value: v, label: t(statusKey(v)) }))} />
      </Form.Item>
    </Form>
  );
}

/** Validates with the form's rules and returns the values parsed by the contract schema. */
export async function readCollectionForm(form: FormInstance<CollectionForm>): Promise<CollectionForm | null> {
  try {
    await form.validate();
  } catch {
    return null;
  }
  const parsed = collectionFormSchema.safeParse(form.getFieldsValue());
  return parsed.success ? parsed.data : null;
}
