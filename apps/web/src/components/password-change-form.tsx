import { Form, Input, type FormInstance } from '@arco-design/web-react';
import { changePasswordBodySchema } from '@atrium/contracts/calls/auth';
import { zodRule } from '../lib/form-rules';
import { useT } from '../lib/i18n';

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeBody = Pick<PasswordChangeValues, 'oldPassword' | 'newPassword'>;

/** The body to send once every field passes, else null (the fields say why). */
export async function readPasswordChange(form: FormInstance<PasswordChangeValues>): Promise<PasswordChangeBody | null> {
  try {
    const { oldPassword = '', newPassword = '' } = await form.validate();
    return { oldPassword, newPassword };
  } catch {
    return null;
  }
}

/**
 * A password change: the current password (which the server checks: a field error, never 401), the new
 * one under the contract's rules (changePasswordBodySchema) and its confirmation. Used by 用户设置 and by
 * the change of a one-time password that the console forces before anything else.
 */
export function PasswordChangeForm({ form, oldLabel }: { form: FormInstance<PasswordChangeValues>; oldLabel?: string }) {
  const t = useT();
  const shape = changePasswordBodySchema.shape;
  const field = (name: keyof PasswordChangeValues) => form.getFieldValue(name);
  const newRules = [
    zodRule(shape.newPassword, t),
    { validator: (value: unknown, cb: (error?: string) => void) => cb(value && value === field('oldPassword') ? t('userSetting.password.new.same') : undefined) },
  ];
  const confirmRules = [
    {
      validator: (value: unknown, cb: (error?: string) => void) =>
        cb(!value ? t('userSetting.password.confirm.required') : value !== field('newPassword') ? t('userSetting.password.confirm.mismatch') : undefined),
    },
  ];
  return (
    <Form id="password-change" form={form} layout="vertical" autoComplete="off">
      <Form.Item label={oldLabel ?? t('userSetting.password.old')} field="oldPassword" required rules={[zodRule(shape.oldPassword, t)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t('userSetting.password.new')} field="newPassword" required rules={newRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('userSetting.password.confirm')} field="confirmPassword" required dependencies={['newPassword']} rules={confirmRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </Form>
  );
}
