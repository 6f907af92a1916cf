/**
 * What awaits the caller's approval (待我审批, docs/resources.md "Life cycles"): the navbar's count and the
 * page's list share one key, so every transition fired anywhere refreshes both.
 */
export const approvalsKeys = {
  all: ['approvals'] as const,
};

