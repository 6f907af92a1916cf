import { PASSWORD_PATTERN, passwordLoginSchema, phoneLoginSchema } from '@atrium/contracts/calls/auth';
import { twoStepLoginBodySchema } from '@atrium/contracts/calls/two-step';

/**
 * The sign-in fields' rules: the login call's own schemas, plus the two checks the form makes before
 * the server would. Loaded on first use (use-fields.ts): zod stays out of the sign-in page's first load.
 */
export const loginFieldSchemas = {
  username: passwordLoginSchema.shape.username,
  // The contracts' password rule, so a password no account can have is refused before a round trip.
  password: passwordLoginSchema.shape.password.regex(PASSWORD_PATTERN, 'login.form.password.formatErr'),
  // Once the server has asked for a captcha, it is required.
  captcha: passwordLoginSchema.shape.captcha.unwrap().trim().min(1, 'login.form.captcha.errMsg'),
  tel: phoneLoginSchema.shape.tel,
  code: phoneLoginSchema.shape.code,
  // The second step of an account with two-step verification: the app's code, or a recovery code.
  totp: twoStepLoginBodySchema.options[0].shape.code,
  recoveryCode: twoStepLoginBodySchema.options[1].shape.recoveryCode,
};
