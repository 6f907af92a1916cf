/** Stable error keys (docs/http-contract.md, Envelope). The HTTP status each one travels with is fixed here. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 400,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  ACCOUNT_LOCKED: 429,
  AUTH_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  SIGNATURE_INVALID: 400,
  REQUEST_EXPIRED: 400,
  REPLAYED: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  ROLE_BUILT_IN: 409,
  ROLE_CODE_TAKEN: 409,
  ROLE_IN_USE: 409,
  USERNAME_TAKEN: 409,
  PHONE_TAKEN: 409,
  SELF_LOCKOUT: 409,
  LAST_ADMIN: 409,
  ACCOUNT_DISABLED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  MFA_ALREADY_ENABLED: 409,
  MFA_CODE_INVALID: 400,
  MFA_TICKET_INVALID: 400,
  MFA_REQUIRED_BY_ROLE: 409,
  MFA_ENROLMENT_REQUIRED: 403,
  SSO_FAILED: 400,
  SSO_DENIED: 403,
  SSO_NO_ROLE: 403,
  SSO_UNAVAILABLE: 503,
  SSO_ACCOUNT: 409,
  UNIQUE_VIOLATION: 409,
  VERSION_CONFLICT: 409,
  IN_USE: 409,
  DEPARTMENT_CYCLE: 409,
  DEPARTMENT_NAME_TAKEN: 409,
  DEPARTMENT_CODE_TAKEN: 409,
  OUT_OF_SCOPE: 403,
  TRANSITION_NOT_ALLOWED: 409,
  UNKNOWN_TRANSITION: 404,
  FIELD_LOCKED: 409,
  SELF_APPROVAL: 403,
  NOT_APPROVER: 403,
  COUNT_CHANGED: 409,
} as const;

export type ErrorKey = keyof typeof errorStatus;
export const errorKeys = Object.keys(errorStatus) as ErrorKey[];

/** A schema issue's path as a form names the field: names joined by dots, a list's index in brackets (`lines[3].quantity`). */
export const issuePath = (path: readonly PropertyKey[]): string => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');

export interface FieldIssue {
  /** The field's path as a form names it: `data.video.encoding.rate.min`, a row of a list `lines[3].quantity` (issuePath). */
  path: string;
  /** Human text in the caller's language. */
  message: string;
}

export interface SuccessEnvelope<T> {
  status: 'success';
  code: 0;
  message: string;
  data: T;
  traceId: string;
}

export interface ErrorEnvelope {
  status: 'error';
  code: number;
  message: string;
  data: { error: ErrorKey; details?: FieldIssue[] | Record<string, unknown> };
  traceId: string;
}
