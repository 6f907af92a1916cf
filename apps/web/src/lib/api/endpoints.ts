import type { CallDef } from '@atrium/contracts/call';
import type { calls } from '@atrium/contracts/calls/index';
import type { Endpoint, Slim } from './types';

/**
 * The contract's call table as the console sends it: for every call the console makes, the method, path
 * and flags of its definition, without the zod schemas (which would otherwise load with the sign-in page
 * and the shell). The compiler checks each entry against the definition (same literal path and method,
 * same flags, nothing more), and each entry carries the definition's type, so `call()` types the
 * parameters, query, body and answer from the contract.
 */
type Calls = typeof calls;
/**
 * Groups of the call table as the console sends them, checked against the definitions: the core's below,
 * a slice's beside its pages (`linkEndpoints({ group: { … } } as const satisfies EndpointTable)`).
 *
 * @public for the slices' endpoints: a product without slices has only the core's, in this file.
 */
export type EndpointTable = { readonly [G in keyof Calls]?: { readonly [K in keyof Calls[G]]?: Slim<Calls[G][K]> } };
type Linked<T> = {
  readonly [G in keyof T]: { readonly [K in keyof T[G]]: G extends keyof Calls ? (K extends keyof Calls[G] ? (Calls[G][K] extends infer C extends CallDef ? Endpoint<C> : never) : never) : never };
};

const table = {
  auth: {
    clientConfig: { method: 'GET', path: '/api/client-config', access: 'public' },
    captcha: { method: 'GET', path: '/auth/captcha', access: 'public' },
    login: { method: 'POST', path: '/api/user/login', access: 'public', writes: true },
    smsCode: { method: 'POST', path: '/api/login/captcha', access: 'public', writes: true },
    logout: { method: 'POST', path: '/api/user/logout', access: 'signed', writes: true },
    documentCookie: { method: 'POST', path: '/api/user/document-cookie', access: 'signed' },
    drawnPage: { method: 'GET', path: '/api/user/drawn-page', access: 'signed' },
    info: { method: 'POST', path: '/api/user/info', access: 'signed' },
    menu: { method: 'GET', path: '/api/user/menu', access: 'signed' },
    switchRole: { method: 'POST', path: '/api/user/switch-role', access: 'signed', writes: true },
    changePassword: { method: 'POST', path: '/api/user/change-password', access: 'signed', writes: true },
    securityQuestion: { method: 'POST', path: '/api/user/security-question', access: 'signed', writes: true },
    phoneCode: { method: 'POST', path: '/api/user/phone/code', access: 'signed', writes: true },
    bindPhone: { method: 'POST', path: '/api/user/phone', access: 'signed', writes: true },
  },
  twoStep: {
    // The second sign-in step is sent by the sign-in page: its entry keeps zod out of that first load.
    loginStep: { method: 'POST', path: '/api/user/login/two-step', access: 'public', writes: true },
    status: { method: 'GET', path: '/api/user/two-step', access: 'signed' },
    setup: { method: 'POST', path: '/api/user/two-step/setup', access: 'signed', writes: true },
    enable: { method: 'POST', path: '/api/user/two-step/enable', access: 'signed', writes: true },
    disable: { method: 'POST', path: '/api/user/two-step/disable', access: 'signed', writes: true },
    recoveryCodes: { method: 'POST', path: '/api/user/two-step/recovery-codes', access: 'signed', writes: true },
  },
  companySignIn: {
    // Company sign-in: the sign-in page navigates the window to `start` (a redirect, never fetched) and
    // redeems the ticket the provider's round trip left in its fragment.
    start: { method: 'GET', path: '/api/auth/company-sign-in/start', access: 'public', responseKind: 'redirect' },
    redeem: { method: 'POST', path: '/api/auth/company-sign-in/redeem', access: 'public', writes: true },
  },
  userSetting: {
    saveInfo: { method: 'POST', path: '/api/user/save-info', access: 'signed', writes: true },
    upload: { method: 'POST', path: '/api/user/upload', access: 'signed', requestKind: 'multipart', writes: true },
    certification: { method: 'GET', path: '/api/user/certification', access: 'signed' },
    certificationApply: { method: 'POST', path: '/api/user/certification/apply', access: 'signed', writes: true },
    certificationWithdraw: { method: 'POST', path: '/api/user/certification/:id/withdraw', access: 'signed', writes: true },
  },
  preferences: {
    get: { method: 'GET', path: '/api/user/preferences', access: 'signed' },
    save: { method: 'POST', path: '/api/user/preferences', access: 'signed', writes: true },
  },
  approvals: {
    list: { method: 'GET', path: '/api/approvals', access: 'signed' },
    count: { method: 'GET', path: '/api/approvals/count', access: 'signed' },
  },
  message: {
    list: { method: 'GET', path: '/api/message/list', access: 'signed' },
    read: { method: 'POST', path: '/api/message/read', access: 'signed', writes: true },
    clear: { method: 'POST', path: '/api/message/clear', access: 'signed', writes: true },
  },
} as const satisfies EndpointTable;

/**
 * A checked table with each entry typed by its definition, so `call()` types the parameters, query, body
 * and answer from the contract.
 *
 * @public for the slices' endpoints: a product without slices links only the core's, in this file.
 */
export function linkEndpoints<const T extends EndpointTable>(checked: T): Linked<T> {
  return checked as unknown as Linked<T>;
}

export const endpoints = linkEndpoints(table);
