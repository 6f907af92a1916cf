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
type Checked = { readonly [G in keyof Calls]?: { readonly [K in keyof Calls[G]]?: Slim<Calls[G][K]> } };
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
    info: { method: 'POST', path: '/api/user/info', access: 'signed' },
    menu: { method: 'GET', path: '/api/user/menu', access: 'signed' },
    switchRole: { method: 'POST', path: '/api/user/switch-role', access: 'signed', writes: true },
    changePassword: { method: 'POST', path: '/api/user/change-password', access: 'signed', writes: true },
    securityQuestion: { method: 'POST', path: '/api/user/security-question', access: 'signed', writes: true },
    phoneCode: { method: 'POST', path: '/api/user/phone/code', access: 'signed', writes: true },
    bindPhone: { method: 'POST', path: '/api/user/phone', access: 'signed', writes: true },
  },
  mfa: {
    // The second sign-in step is sent by the sign-in page: its entry keeps zod out of that first load.
    loginStep: { method: 'POST', path: '/api/user/login/mfa', access: 'public', writes: true },
    status: { method: 'GET', path: '/api/user/mfa', access: 'signed' },
    setup: { method: 'POST', path: '/api/user/mfa/setup', access: 'signed', writes: true },
    enable: { method: 'POST', path: '/api/user/mfa/enable', access: 'signed', writes: true },
    disable: { method: 'POST', path: '/api/user/mfa/disable', access: 'signed', writes: true },
    recoveryCodes: { method: 'POST', path: '/api/user/mfa/recovery-codes', access: 'signed', writes: true },
  },
  oidc: {
    // Company sign-in: the sign-in page navigates the window to `start` (a redirect, never fetched) and
    // redeems the ticket the provider's round trip left in its fragment.
    start: { method: 'GET', path: '/api/auth/oidc/start', access: 'public', responseKind: 'redirect' },
    redeem: { method: 'POST', path: '/api/auth/oidc/redeem', access: 'public', writes: true },
  },
  userCenter: {
    myProjects: { method: 'GET', path: '/api/user/my-project/list', access: 'signed' },
    latestActivity: { method: 'GET', path: '/api/user/latest-activity', access: 'signed' },
    myTeams: { method: 'GET', path: '/api/user/my-team/list', access: 'signed' },
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
  message: {
    list: { method: 'GET', path: '/api/message/list', access: 'signed' },
    read: { method: 'POST', path: '/api/message/read', access: 'signed', writes: true },
    clear: { method: 'POST', path: '/api/message/clear', access: 'signed', writes: true },
  },
  workplace: {
    overview: { method: 'GET', path: '/api/workplace/overview', access: 'signed' },
    categories: { method: 'GET', path: '/api/workplace/categories', access: 'signed' },
    announcement: { method: 'GET', path: '/api/workplace/announcement', access: 'signed' },
    contentData: { method: 'GET', path: '/api/content-data', access: 'signed' },
    popular: { method: 'GET', path: '/api/popular/list', access: 'signed' },
  },
  policy: {
    list: { method: 'GET', path: '/api/list/policy', access: 'signed' },
    export: { method: 'GET', path: '/api/list/policy/export', access: 'signed', responseKind: 'csv' },
    import: { method: 'POST', path: '/api/list/policy/import', access: 'signed', requestKind: 'multipart', writes: true },
    get: { method: 'GET', path: '/api/list/policy/:id', access: 'signed' },
    create: { method: 'POST', path: '/api/list/policy', access: 'signed', writes: true },
    patch: { method: 'PATCH', path: '/api/list/policy/:id', access: 'signed', writes: true },
    delete: { method: 'DELETE', path: '/api/list/policy/:id', access: 'signed', writes: true },
  },
  card: {
    qualityList: { method: 'GET', path: '/api/list/quality-inspection', access: 'signed' },
    qualityCreate: { method: 'POST', path: '/api/list/quality-inspection', access: 'signed', writes: true },
    qualityDelete: { method: 'DELETE', path: '/api/list/quality-inspection/:id', access: 'signed', writes: true },
    qualityInspect: { method: 'POST', path: '/api/list/quality-inspection/:id/inspect', access: 'signed', writes: true },
    serviceList: { method: 'GET', path: '/api/list/the-service', access: 'signed' },
    servicePatch: { method: 'PATCH', path: '/api/list/the-service/:id', access: 'signed', writes: true },
    serviceRenew: { method: 'POST', path: '/api/list/the-service/:id/renew', access: 'signed', writes: true },
    rulesList: { method: 'GET', path: '/api/list/rules-preset', access: 'signed' },
    rulesPatch: { method: 'PATCH', path: '/api/list/rules-preset/:id', access: 'signed', writes: true },
  },
  channelForm: {
    submit: { method: 'POST', path: '/api/channel-form/submit', access: 'signed', writes: true },
    latest: { method: 'GET', path: '/api/channel-form/latest', access: 'signed' },
    get: { method: 'GET', path: '/api/channel-form/:id', access: 'signed' },
  },
  profile: {
    basic: { method: 'GET', path: '/api/profile/basic', access: 'signed' },
    approve: { method: 'POST', path: '/api/profile/basic/approve', access: 'signed', writes: true },
    cancel: { method: 'POST', path: '/api/profile/basic/cancel', access: 'signed', writes: true },
    operationLog: { method: 'GET', path: '/api/operation/log', access: 'signed' },
    groupFormSubmit: { method: 'POST', path: '/api/group-form/submit', access: 'signed', writes: true },
  },
} as const satisfies Checked;

export const endpoints = table as unknown as Linked<typeof table>;
