import { Form, Input, Select } from '@arco-design/web-react';
import { userCreateBodySchema, userUpdateBodySchema, type Account } from '@atrium/contracts/calls/system';
import { CountedInput } from '../../../components/counted-input';
import { zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { sameFields, useFormSave } from '../../../lib/use-form-save';
import { createUser, updateUser, userKeys } from '../api/user-queries';
import { DRAWER_WIDTH } from '../lib/labels';
import type { OneTimePassword } from './one-time-password-modal';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { SaveFooter } from '../../../components/save-footer';
import { DepartmentSelect } from '../../system-department/components/department-select';
import type { DepartmentOption } from '../../system-department/lib/tree';

/** `create`, or `edit` of an account; null while closed. */
export type UserFormTarget = { mode: 'create' } | { mode: 'edit'; user: Account } | null;

interface UserFormValues {
  username: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  password: string;
  /** The TreeSelect's key: the department's id as a string. */
  departmentId?: string;
}

interface UserFormDrawerProps {
  target: UserFormTarget;
  roleOptions: { value: string; label: string }[];
  /** The department tree (disabled ones not chosen); null without `department:read`: the server then puts a new account in the creator's department. */
  departmentOptions: DepartmentOption[] | null;
  onClose: () => void;
  /** The server generated a password (none was entered): the page shows it once. */
  onPassword: (grant: OneTimePassword) => void;
}

const shape = userCreateBodySchema.shape;
const NAME_MAX = 50;

/**
 * 新建 / 编辑 an account. The rules are the contract's body schema, the one the server applies. A taken
 * username or phone number shows on its field with the server's text; other refusals (the last
 * administrator, locking oneself out) are the transport's toast in the user's language.
 */
export function UserFormDrawer({ target, roleOptions, departmentOptions, onClose, onPassword }: UserFormDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<UserFormValues>();
  // The roles' multiple select: its label names its box (a div), which names nothing; its text input,
  // nameless once roles are chosen (its placeholder goes), gets the label's text itself once it is there.
  const nameRolesInput = () => document.querySelector('#user-form-roles_input input')?.setAttribute('aria-label', t('systemUser.field.roles'));
  const editing = target?.mode === 'edit' ? target.user : null;
  // A company account whose roles follow its groups at each sign-in (OIDC_ROLE_MAP): shown, not edited.
  const rolesReadOnly = editing?.rolesFromProvider === true;
  // Holding a role the caller could not give it, its ways to sign in stay as they are (the server refuses a change).
  const contactsFixed = editing?.recoverable === false;

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialValues: Partial<UserFormValues> = editing
    ? { username: editing.username, name: editing.name, email: editing.email ?? '', phone: editing.phone ?? '', roles: editing.roles, departmentId: String(editing.departmentId) }
    : { username: '', name: '', email: '', phone: '', roles: [], password: '' };

  const { save, submit } = useFormSave(form, {
    mutationFn: async (values: UserFormValues) => {
      // Sent when chosen and, in an edit, changed: an account stays in a department disabled since (none is put in one).
      const chosen = values.departmentId ? Number(values.departmentId) : undefined;
      const department = chosen !== undefined && chosen !== editing?.departmentId ? { departmentId: chosen } : {};
      if (editing) {
        const { name, email, phone, roles } = values;
        const body = rolesReadOnly ? { name, email, phone, ...department } : { name, email, phone, roles, ...department };
        return { created: null, account: await updateUser(editing.id, userUpdateBodySchema.parse(body)) };
      }
      const created = await createUser(userCreateBodySchema.parse({ ...values, ...department }));
      return { created, account: created.user };
    },
    editing: editing !== null,
    invalidate: userKeys.lists(),
    // A taken username or phone shows on its field.
    conflicts: { USERNAME_TAKEN: 'username', PHONE_TAKEN: 'phone' },
    unchangedIf: ({ account }) => editing !== null && sameFields(account, editing, ['name', 'email', 'phone', 'roles', 'departmentId']),
    onSaved: ({ created, account }) => {
      onClose();
      if (created?.initialPassword) onPassword({ username: account.username, password: created.initialPassword });
    },
  });

  return (
    <DialogDrawer
      width={DRAWER_WIDTH}
      title={t(editing ? 'systemUser.edit.title' : 'systemUser.create.title')}
      visible={target !== null}
      onCancel={onClose}
      footer={<SaveFooter onCancel={onClose} onSave={submit} saving={save.isPending} />}
      afterOpen={nameRolesInput}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form id="user-form" form={form} layout="vertical" autoComplete="off" initialValues={initialValues}>
        <Form.Item label={t('systemUser.field.username')} field="username" required={!editing} rules={editing ? [] : [zodRule(shape.username, t)]}>
          <Input placeholder={t('systemUser.field.username.placeholder')} disabled={!!editing} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('systemUser.field.name')} field="name" required rules={[zodRule(shape.name, t)]}>
          <CountedInput placeholder={t('systemUser.field.name.placeholder')} maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item
          label={t('systemUser.field.roles')}
          field="roles"
          required={!rolesReadOnly}
          rules={rolesReadOnly ? [] : [zodRule(shape.roles, t)]}
          extra={rolesReadOnly ? <span data-testid="user-roles-from-provider">{t('systemUser.field.roles.fromProvider')}</span> : undefined}
        >
          <Select mode="multiple" allowClear={!rolesReadOnly} disabled={rolesReadOnly} placeholder={t('systemUser.field.roles.placeholder')} options={roleOptions} />
        </Form.Item>
        {departmentOptions && (
          <Form.Item label={t('systemUser.field.department')} field="departmentId" required rules={[{ required: true, message: t('systemUser.field.department.required') }]}>
            <DepartmentSelect
              options={departmentOptions}
              placeholder={t('systemUser.field.department.placeholder')}
              aria-label={t('systemUser.field.department')}
              data-testid="user-department"
            />
          </Form.Item>
        )}
        <Form.Item label={t('systemUser.field.phone')} field="phone" rules={[zodRule(shape.phone, t)]}>
          <Input placeholder={t('systemUser.field.phone.placeholder')} autoComplete="off" disabled={contactsFixed} />
        </Form.Item>
        <Form.Item
          label={t('systemUser.field.email')}
          field="email"
          rules={[zodRule(shape.email, t)]}
          extra={contactsFixed ? <span data-testid="user-contacts-fixed">{t('systemUser.field.contacts.fixed')}</span> : undefined}
        >
          <Input placeholder={t('systemUser.field.email.placeholder')} autoComplete="off" disabled={contactsFixed} />
        </Form.Item>
        {!editing && (
          <Form.Item label={t('systemUser.field.password')} field="password" rules={[zodRule(shape.password, t)]} extra={t('systemUser.field.password.extra')}>
            <Input.Password placeholder={t('systemUser.field.password.placeholder')} autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </DialogDrawer>
  );
}
