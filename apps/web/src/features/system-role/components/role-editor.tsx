import { Alert, Button, Drawer, Form, Input, Message, Space, Switch } from '@arco-design/web-react';
import { ROLE_NAME_MAX, roleCreateBodySchema, roleUpdateBodySchema, type RoleRecord } from '@atrium/contracts/calls/system';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CountedInput, CountedTextArea } from '../../../components/counted-input';
import { isApiError } from '../../../lib/api';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { createRole, roleKeys, updateRole } from '../api/role-queries';
import { PermissionTree } from './permission-tree';

/** `create`, or an existing role (edited; only viewed without `role:write`; only its requireMfa when built in). */
export type RoleEditorTarget = { mode: 'create' } | { mode: 'open'; role: RoleRecord } | null;

interface RoleFormValues {
  code: string;
  name: string;
  description: string;
  permissions: string[];
  requireMfa: boolean;
}

const shape = roleCreateBodySchema.shape;
const DESCRIPTION_MAX = 200;

/**
 * The role editor: code (on creation only), name, description, the permissions as a grouped tree, and
 * 要求两步验证. Any role opens read-only for a caller without `role:write`; of a built-in role only
 * 要求两步验证 may change (the server refuses the rest), so for it the save sends that field alone.
 */
export function RoleEditor({ target, canWrite, onClose }: { target: RoleEditorTarget; canWrite: boolean; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleFormValues>();
  const role = target?.mode === 'open' ? target.role : null;
  const builtIn = !!role?.builtIn;
  // The fields other than requireMfa.
  const readOnly = !canWrite || builtIn;

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialValues: RoleFormValues = role
    ? { code: role.code, name: role.name, description: role.description, permissions: role.permissions, requireMfa: role.requireMfa }
    : { code: '', name: '', description: '', permissions: [], requireMfa: false };

  const save = useMutation({
    mutationFn: ({ code, name, description, permissions, requireMfa }: RoleFormValues) =>
      !role
        ? createRole(roleCreateBodySchema.parse({ code, name, description, permissions, requireMfa }))
        : updateRole(role.id, roleUpdateBodySchema.parse(builtIn ? { requireMfa } : { name, description, permissions, requireMfa })),
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

  const title = !role ? 'systemRole.create.title' : canWrite ? 'systemRole.edit.title' : 'systemRole.view.title';
  const footer = !canWrite ? (
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
      {builtIn && <Alert type="info" content={t(canWrite ? 'systemRole.builtIn.mfaOnly' : 'systemRole.builtIn.readOnly')} style={{ marginBottom: 16 }} />}
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
        {/* Above the tree, which may be long: for a built-in role it is the one field to change. Its own
            `disabled` wins over the form's. */}
        <Form.Item label={t('systemRole.field.requireMfa')} field="requireMfa" triggerPropName="checked" disabled={!canWrite} extra={t('systemRole.field.requireMfa.extra')}>
          <Switch aria-label={t('systemRole.field.requireMfa')} data-testid="role-require-mfa" />
        </Form.Item>
        <Form.Item label={t('systemRole.field.permissions')} field="permissions" rules={[zodRule(shape.permissions, t)]}>
          <PermissionTree />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
