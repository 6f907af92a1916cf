import { Button, Drawer, Form, Input, Message, Select, Space } from '@arco-design/web-react';
import { errorMessages } from '@atrium/contracts/messages/errors';
import { userCreateBodySchema, userUpdateBodySchema, type Account } from '@atrium/contracts/calls/system';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CountedInput } from '../../../components/counted-input';
import { isApiError } from '../../../lib/api';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import { createUser, updateUser, userKeys } from '../api/user-queries';
import { DRAWER_WIDTH } from '../lib/labels';
import type { OneTimePassword } from './one-time-password-modal';

/** `create`, or `edit` of an account; null while closed. */
export type UserFormTarget = { mode: 'create' } | { mode: 'edit'; user: Account } | null;

interface UserFormValues {
  username: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  password: string;
}

interface UserFormDrawerProps {
  target: UserFormTarget;
  roleOptions: { value: string; label: string }[];
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
export function UserFormDrawer({ target, roleOptions, onClose, onPassword }: UserFormDrawerProps) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const editing = target?.mode === 'edit' ? target.user : null;
  // A company account whose roles follow its groups at each sign-in (OIDC_ROLE_MAP): shown, not edited.
  const rolesReadOnly = editing?.rolesFromProvider === true;

  // The form mounts with each opening (unmountOnExit) and takes these values then.
  const initialValues: Partial<UserFormValues> = editing
    ? { username: editing.username, name: editing.name, email: editing.email ?? '', phone: editing.phone ?? '', roles: editing.roles }
    : { username: '', name: '', email: '', phone: '', roles: [], password: '' };

  const onError = (error: unknown) => {
    if (isApiError(error) && (error.key === 'USERNAME_TAKEN' || error.key === 'PHONE_TAKEN')) {
      const field = error.key === 'USERNAME_TAKEN' ? 'username' : 'phone';
      form.setFields({ [field]: { error: { message: error.message || errorMessages[locale][error.key] } } });
      return;
    }
    applyServerErrors(form, error);
  };

  const save = useMutation({
    mutationFn: async (values: UserFormValues) => {
      if (editing) {
        const { name, email, phone, roles } = values;
        const body = rolesReadOnly ? { name, email, phone } : { name, email, phone, roles };
        return { created: null, account: await updateUser(editing.id, userUpdateBodySchema.parse(body)) };
      }
      const created = await createUser(userCreateBodySchema.parse(values));
      return { created, account: created.user };
    },
    onSuccess: ({ created, account }) => {
      Message.success(t(editing ? 'common.saveSuccess' : 'common.createSuccess'));
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      onClose();
      if (created?.initialPassword) onPassword({ username: account.username, password: created.initialPassword });
    },
    onError,
  });

  return (
    <Drawer
      width={DRAWER_WIDTH}
      title={t(editing ? 'systemUser.edit.title' : 'systemUser.create.title')}
      visible={target !== null}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void form.validate().then((values) => save.mutate(values as UserFormValues), () => undefined)}>
            {t('common.save')}
          </Button>
        </Space>
      }
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form form={form} layout="vertical" autoComplete="off" initialValues={initialValues}>
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
        <Form.Item label={t('systemUser.field.phone')} field="phone" rules={[zodRule(shape.phone, t)]}>
          <Input placeholder={t('systemUser.field.phone.placeholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('systemUser.field.email')} field="email" rules={[zodRule(shape.email, t)]}>
          <Input placeholder={t('systemUser.field.email.placeholder')} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <Form.Item label={t('systemUser.field.password')} field="password" rules={[zodRule(shape.password, t)]} extra={t('systemUser.field.password.extra')}>
            <Input.Password placeholder={t('systemUser.field.password.placeholder')} autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
