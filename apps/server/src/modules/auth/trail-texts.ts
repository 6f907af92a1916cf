import { say, type Said } from '../../audit/audit-entry.ts';

/**
 * The trail's summaries of signing in and of one's own second step, in each language (audit/audit-entry.ts
 * `say`). A refusal names its reason in words and keeps the error's key beside it, as the answer carried it.
 */
export const signInSaid = {
  secondStepDue: { 'zh-CN': '密码已通过，待完成两步验证', 'en-US': 'first step passed; second step required' },
  provisioned: { 'zh-CN': '企业账号登录创建了该用户', 'en-US': 'account made by company sign-in' },
  rolesFromGroups: { 'zh-CN': '按企业账号的用户组设置了角色', 'en-US': 'roles set from the company groups' },
  atCompany: { 'zh-CN': '已在企业身份提供方登录', 'en-US': 'signed in at the company provider' },
  pendingSecret: { 'zh-CN': '生成待确认的两步验证密钥', 'en-US': 'new pending secret' },
  twoStepOn: { 'zh-CN': '两步验证已开启', 'en-US': 'two-step verification on' },
  twoStepOff: { 'zh-CN': '两步验证已关闭', 'en-US': 'two-step verification off' },
  recoveryCodes: { 'zh-CN': '生成新的恢复码', 'en-US': 'new recovery codes' },
} satisfies Record<string, Said>;

/** A refused sign-in's reasons by error key; a key not here is named by the key alone. */
const reasons: Record<string, Said> = {
  INVALID_CREDENTIALS: { 'zh-CN': '账号或密码错误', 'en-US': 'wrong username or password' },
  CAPTCHA_REQUIRED: { 'zh-CN': '未填写图形验证码', 'en-US': 'no captcha given' },
  CAPTCHA_INVALID: { 'zh-CN': '图形验证码错误或已过期', 'en-US': 'captcha wrong or expired' },
  ACCOUNT_LOCKED: { 'zh-CN': '账号已临时锁定', 'en-US': 'account locked' },
  ACCOUNT_DISABLED: { 'zh-CN': '账号已停用', 'en-US': 'account disabled' },
  MFA_CODE_INVALID: { 'zh-CN': '两步验证码错误', 'en-US': 'wrong two-step code' },
  MFA_TICKET_INVALID: { 'zh-CN': '两步验证已失效', 'en-US': 'two-step sign-in expired' },
  SSO_FAILED: { 'zh-CN': '企业账号登录失败', 'en-US': 'company sign-in failed' },
  SSO_DENIED: { 'zh-CN': '企业账号登录被取消或拒绝', 'en-US': 'company sign-in cancelled or refused' },
  SSO_NO_ROLE: { 'zh-CN': '企业账号没有可用的角色', 'en-US': 'no role for the company account' },
  SSO_UNAVAILABLE: { 'zh-CN': '企业账号登录暂不可用', 'en-US': 'company sign-in unavailable' },
};

const refusal = {
  plain: { 'zh-CN': '{reason}（{key}）', 'en-US': '{reason} ({key})' },
  lockedNow: { 'zh-CN': '{reason}（{key}），账号锁定至 {until}（ACCOUNT_LOCKED）', 'en-US': '{reason} ({key}); ACCOUNT_LOCKED until {until}' },
  because: { 'zh-CN': '{reason}（{key}）：{detail}', 'en-US': '{reason} ({key}): {detail}' },
} satisfies Record<string, Said>;

/**
 * A refused sign-in's summary: why, by its error key (`wrong username or password (INVALID_CREDENTIALS)`),
 * with the time a lockout it started ends, or what went wrong in detail (in each language; the provider's
 * own words kept as it gave them).
 */
export function refusedSignIn(key: string, more: { lockedUntil?: Date; detail?: Said } = {}): Said {
  const reason = reasons[key] ?? { 'zh-CN': key, 'en-US': key };
  if (more.lockedUntil) return say(refusal.lockedNow, { reason, key, until: more.lockedUntil.toISOString() });
  return more.detail ? say(refusal.because, { reason, key, detail: more.detail }) : say(refusal.plain, { reason, key });
}
