import { Form, InputNumber, Radio, Select, type FormInstance } from '@arco-design/web-react';
import { COLLECTION_COUNT_MAX, COLLECTION_NAME_MAX, collectionCreateBodySchema, collectionFormSchema, type CollectionCreateBody, type CollectionForm } from '@atrium/contracts/demo/search-table/calls';
import { CountedInput } from '../../../components/counted-input';
import { zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { contentTypeKey, filterTypeKey, statusKey } from '../lib/labels';
import { contentTypes, filterTypes, statuses } from '../lib/url-state';
import { DepartmentField } from './department-field';
import { OwnerSelect } from './owner-select';

const shape = collectionFormSchema.shape;

/** The form's values: the collection's fields, and its department and owner as the pickers hold them (ids as text). */
export type CollectionFormValues = CollectionForm & { department?: string; owner?: string };

/**
 * The collection form, shared by 新建 and 编辑. The rules are the contract's schema,
 * the one the server applies, so both sides report the same text. The department and the owner offer only
 * what the caller's data scope reaches; left empty on a create, the server puts the collection in the
 * caller's department and makes the caller its owner.
 */
export function CollectionFields({ form, initialValues, ownerLabel }: { form: FormInstance<CollectionFormValues>; initialValues?: Partial<CollectionFormValues>; ownerLabel?: string }) {
  const t = useT();
  return (
    <Form id="collection-form" form={form} layout="vertical" initialValues={{ status: 'offline', ...initialValues }} autoComplete="off">
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
        {/* Bounds given: without them its ARIA range is infinite (axe: invalid aria-valuemax). */}
        <InputNumber precision={0} min={0} max={COLLECTION_COUNT_MAX} placeholder={t('searchTable.form.count.placeholder')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={t('searchTable.form.status')} field="status" required rules={[zodRule(shape.status, t)]}>
        <Radio.Group options={statuses.map((v) => ({ value: v, label: t(statusKey(v)) }))} />
      </Form.Item>
      <Form.Item label={t('searchTable.columns.department')} field="department">
        <DepartmentField activeOnly allowClear placeholder={t('searchTable.form.department.placeholder')} aria-label={t('searchTable.columns.department')} />
      </Form.Item>
      <Form.Item label={t('searchTable.columns.owner')} field="owner">
        <OwnerSelect label={ownerLabel} placeholder={t('searchTable.form.owner.placeholder')} aria-label={t('searchTable.columns.owner')} />
      </Form.Item>
    </Form>
  );
}

/** Validates with the form's rules and returns the values parsed by the contract schema (the pickers' ids as numbers). */
export async function readCollectionForm(form: FormInstance<CollectionFormValues>): Promise<CollectionCreateBody | null> {
  try {
    await form.validate();
  } catch {
    return null;
  }
  const { department, owner, ...fields } = form.getFieldsValue() as CollectionFormValues;
  const collection = collectionFormSchema.safeParse(fields);
  if (!collection.success) return null;
  const parsed = collectionCreateBodySchema.safeParse({
    ...collection.data,
    ...(department ? { department: Number(department) } : {}),
    ...(owner ? { owner: Number(owner) } : {}),
  });
  return parsed.success ? parsed.data : null;
}
