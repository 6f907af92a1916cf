import type { securityQuestions } from '@atrium/contracts/calls/auth';
import type { TwoStepConfirmBody } from '@atrium/contracts/calls/two-step';
import { systemCalls } from '@atrium/contracts/calls/system';
import type { CertificationApply, SaveInfo } from '@atrium/contracts/calls/user-setting';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointOf, endpoints, upload, type CallOptions } from '../../../lib/api';

/** Calls of the user setting page; every one concerns the caller's own account. */
export const certificationKey = ['user', 'certification'] as const;

export const certificationQuery = () => queryOptions({ queryKey: certificationKey, queryFn: () => call(endpoints.userSetting.certification) });

export function uploadAvatar(file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return upload(endpoints.userSetting.upload, { body: form }, { onProgress, signal });
}

export const saveInfo = (body: SaveInfo) => call(endpoints.userSetting.saveInfo, { body });
export const changePassword = (oldPassword: string, newPassword: string) => call(endpoints.auth.changePassword, { body: { oldPassword, newPassword } });
export type SecurityQuestion = (typeof securityQuestions)[number];
export const setSecurityQuestion = (question: SecurityQuestion, answer: string) => call(endpoints.auth.securityQuestion, { body: { question, answer } });
export const sendPhoneCode = (tel: string) => call(endpoints.auth.phoneCode, { body: { tel } });
export const bindPhone = (tel: string, code: string) => call(endpoints.auth.bindPhone, { body: { tel, code } });
export const applyCertification = (body: CertificationApply) => call(endpoints.userSetting.certificationApply, { body });
export const withdrawCertification = (id: number) => call(endpoints.userSetting.certificationWithdraw, { params: { id } });

/** The caller's signed-in devices (sessions), straight from the contract (the page loads its schemas anyway). */
const sessionCalls = {
  list: endpointOf(systemCalls.mySessions),
  revoke: endpointOf(systemCalls.mySessionRevoke),
  revokeOthers: endpointOf(systemCalls.myOtherSessionsRevoke),
};
export const mySessionsKey = ['user', 'sessions'] as const;
// Never shared with an earlier answer: the list should say what is signed in now.
export const mySessionsQuery = () => queryOptions({ queryKey: mySessionsKey, queryFn: () => call(sessionCalls.list, {}, { dedupe: false }), staleTime: 0 });
export const revokeMySession = (id: number) => call(sessionCalls.revoke, { params: { id } });
export const revokeMyOtherSessions = () => call(sessionCalls.revokeOthers);

/** The caller's two-step verification (on or off, recovery codes left, required by the active role). */
export const twoStepStatusKey = ['user', 'two-step'] as const;
export const twoStepStatusQuery = () => queryOptions({ queryKey: twoStepStatusKey, queryFn: () => call(endpoints.twoStep.status), staleTime: 0 });
/** A wrong code lands on its field, a role's refusal in the dialog: neither is a toast. */
const twoStepConfirmErrors: CallOptions = { expectedErrors: ['MFA_CODE_INVALID', 'MFA_REQUIRED_BY_ROLE'] };
export const disableTwoStep = (body: TwoStepConfirmBody) => call(endpoints.twoStep.disable, { body }, twoStepConfirmErrors);
export const newRecoveryCodes = (body: TwoStepConfirmBody) => call(endpoints.twoStep.recoveryCodes, { body }, twoStepConfirmErrors);
