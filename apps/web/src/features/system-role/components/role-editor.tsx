import { Alert, Button, Form, Input, Switch } from '@arco-design/web-react';
import { usesCustomScope, type DataScope } from '@atrium/contracts';
import { ROLE_NAME_MAX, roleCreateBodySchema, roleUpdateBodySchema, type RoleRecord } from '@atrium/contracts/calls/system';
import { CountedInput, CountedTextArea } from '../../../components/counted-input';
import { zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { sameFields, useFormSave } from '../../../lib/use-form-save';
import { createRole, roleKeys, updateRole } from '../api/role-queries';
import { PermissionTree } from './permission-tree';
import { DataScopeSection } from './data-scope-section';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { SaveFooter } from '../../../components/save-footer';

/** `create`, or an existing role (edited; only viewed without `role:write`; only its requireMfa when built in). */
export type RoleEditorTarget = { mode: 'create' } | { mode: 'open'; role: RoleRecord } | null;

interface RoleFormValues {
  code: string;
  name: string;
  description: string;
  permissions: string[];
  requireMfa: boolean;
  dataScope: DataScope;
  departmentIds: number[];
  scopes: Record<string, DataScope>;
}

const shape = roleCreateBodySchema.shape;
const DESCRIPTION_MAX = 200;

/**
 * The role editor: code (on creation only), name, description, the permissions as a grouped tree,
 * 要求两步验证, and the data scope (data-scope-section.tsx). Any role opens read-only for a caller without `role:write`; of a built-in role only
 * 要求两步验证 may change (the server refuses the rest), so for it the save sends that field alone.
 */
export function RoleEditor({ target, canWrite, onClose }: { target: RoleEditorTarget; canWrite: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<RoleFormValues>();
  const role = target?.mode === 'open' ? target.role : null;
  const builtIn = !!role?.builtIn;
  // The fields other than requireMfa.
  const readOnly = !canWrite || builtIn;

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialValues: RoleFormValues = role
    ? { code: role.code, name: role.name, description: role.description, permissions: role.permissions, requireMfa: role.requireMfa, dataScope: role.dataScope, departmentIds: role.departmentIds, scopes: role.scopes }
    : { code: '', name: '', description: '', permissions: [], requireMfa: false, dataScope: 'all', departmentIds: [], scopes: {} };

  const { save, submit } = useFormSave(form, {
    mutationFn: ({ code, name, description, permissions, requireMfa, dataScope, departmentIds, scopes }: RoleFormValues) => {
      // the departments count for a custom scope only, the role's or an override's
      const scope = { dataScope, departmentIds: usesCustomScope(dataScope, scopes) ? departmentIds : [], scopes };
      return !role
        ? createRole(roleCreateBodySchema.parse({ code, name, description, permissions, requireMfa, ...scope }))
        : updateRole(role.id, roleUpdateBodySchema.parse(builtIn ? { requireMfa } : { name, description, permissions, requireMfa, ...scope }));
    },
    editing: role !== null,
    invalidate: roleKeys.all,
    // A taken code shows on its field.
    conflicts: { ROLE_CODE_TAKEN: 'code' },
    unchangedIf: (saved) => role !== null && sameFields(saved, role, ['name', 'description', 'permissions', 'requireMfa', 'dataScope', 'departmentIds', 'scopes']),
    onSaved: onClose,
  });

  const title = !role ? 'systemRole.create.title' : canWrite ? 'systemRole.edit.title' : 'systemRole.view.title';
  const footer = !canWrite ? (
    <Button onClick={onClose}>{t('common.close')}</Button>
  ) : (
    <SaveFooter onCancel={onClose} onSave={submit} saving={save.isPending} />
  );

  return (
    <DialogDrawer width="min(560px, 100vw)" title={t(title)} visible={target !== null} onCancel={onClose} footer={footer} afterClose={() => form.resetFields()} unmountOnExit>
      {builtIn && <Alert type="info" content={t(canWrite ? 'systemRole.builtIn.twoStepOnly' : 'systemRole.builtIn.readOnly')} style={{ marginBottom: 16 }} />}
      <Form id="role-editor" form={form} layout="vertical" autoComplete="off" disabled={readOnly} initialValues={initialValues}>
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
        <Form.Item label={t('systemRole.field.requireTwoStep')} field="requireMfa" triggerPropName="checked" disabled={!canWrite} extra={t('systemRole.field.requireTwoStep.extra')}>
          <Switch aria-label={t('systemRole.field.requireTwoStep')} data-testid="role-require-two-step" />
        </Form.Item>
        <Form.Item label={t('systemRole.field.permissions')} field="permissions" rules={[zodRule(shape.permissions, t)]}>
          <PermissionTree />
        </Form.Item>
        <DataScopeSection disabled={readOnly} />
      </Form>
    </DialogDrawer>
  );
}
