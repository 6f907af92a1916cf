/**
 * Two-step verification as a session sees it, decided here only (the request gate, the user info, the
 * role switch and the enrolment's status all ask): required of an account acting in a role when the role
 * requires it and the account is not a company account (its provider owns the second factor); satisfied
 * when it is not required, or on.
 */
export interface TwoStep {
  required: boolean;
  satisfied: boolean;
}

/** What the rule reads of an account (both read with the session: session-lookup.ts). */
export interface TwoStepAccount {
  /** Two-step verification is on for the account. */
  twoStepOn: boolean;
  /** A company account (company sign-in): its provider owns the second factor. */
  companyAccount: boolean;
}

export function twoStepOf(account: TwoStepAccount, roleRequiresIt: boolean): TwoStep {
  const required = roleRequiresIt && !account.companyAccount;
  return { required, satisfied: !required || account.twoStepOn };
}
