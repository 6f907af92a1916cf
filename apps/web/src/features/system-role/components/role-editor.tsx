import { Alert, Button, Drawer, Form, Input, Message, Space } from '@arco-design/web-react';
import { ROLE_NAME_MAX, roleCreateBodySchema, roleUpdateBodySchema, type RoleRecord } from '@atrium/contracts/calls/system';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CountedInput, CountedTextArea } from '../../../components/counted-input';
import { isApiError } from '../../../lib/api';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { createRole, roleKeys, updateRole } from '../api/role-queries';
import { PermissionTree } from './permission-tree';

/** `create`, or an existing role (edited, or only viewed when built in or without `role:write`). */
export type RoleEditorTarget = { mode: 'create' } | { mode: 'open'; role: RoleRecord } | null;

interface RoleFormValues {
  code: string;
  name: string;
  description: string;
  permissions: string[];
}

const shape = roleCreateBodySchema.shape;
const DESCRIPTION_MAX = 200;

/**
 * The role editor: code (on creation only), name, description and the permissions as a grouped tree.
 * A built-in role, or any role for a caller without `role:write`, opens read-only.
 */
export function RoleEditor({ target, canWrite, onClose }: { target: RoleEditorTarget; canWrite: boolean; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleFormValues>();
  const role = target?.mode === 'open' ? target.role : null;
  const readOnly = !canWrite || !!role?.builtIn;

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialValues: RoleFormValues = role
    ? { code: role.code, name: role.name, description: role.description, permissions: role.permissions }
    : { code: '', name: '', description: '', permissions: [] };

  const save = useMutation({
    mutationFn: ({ code, name, description, permissions }: RoleFormValues) =>
      role ? updateRole(role.id, roleUpdateBodySchema.parse({ name, description, permissions })) : createRole(roleCreateBodySchema.parse({ code, name, description, permissions })),
    onSuccess: () => {
      Message.success(t(role ? 'common.saveSuccess' : 'common.createSuccess'));
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.key === 'ROLE_CODE_TAKEN') {
        form.setFields({ code: { error: { message: error.message || errorMessages[locale].ROLE_CODE_TAKEN } } });
        return;
      }
      applyServerErrors(form, error);
    },
  });

  const title = !role ? 'systemRole.create.title' : readOnly ? 'systemRole.view.title' : 'systemRole.edit.title';
  const footer = readOnly ? (
    <Button onClick={onClose}>{t('common.close')}</Button>
  ) : (
    <Space>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" loading={save.isPending} onClick={() => void form.validate().then((values) => save.mutate(values as RoleFormValues), () => undefined)}>
        {t('common.save')}
      </Button>
    </Space>
  );

  return (
    <Drawer width="min(560px, 100vw)" title={t(title)} visible={target !== null} onCancel={onClose} footer={footer} afterClose={() => form.resetFields()} unmountOnExit>
      {role?.builtIn && <Alert type="info" content={t('systemRole.builtIn.readOnly')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" autoComplete="off" disabled={readOnly} initialValues={initialValues}>
        <Form.Item label={t('systemRole.field.code')} field="code" required={!role} rules={role ? [] : [zodRule(shape.code, t)]} extra={role ? undefined : t('systemRole.field.code.extra')}>
          <Input placeholder={t('systemRole.field.code.placeholder')} disabled={!!role} />
        </Form.Item>
        <Form.Item label={t('systemRole.field.name')} field="name" required rules={[zodRule(shape.name, t)]}>
          <CountedInput placeholder={t('systemRole.field.name.placeholder')} maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item label={t('systemRole.field.description')} field="description" rules={[zodRule(shape.description, t)]}>
          <CountedTextArea placeholder={t('systemRole.field.description.placeholder')} maxLength={DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item label={t('systemRole.field.permissions')} field="permissions" rules={[zodRule(shape.permissions, t)]}>
          <PermissionTree />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
