import type { ChannelFormInput } from '@atrium/contracts/demo/step-form/calls';

/**
 * The step form's draft: the values of steps 1 and 2 and the current step, kept in
 * sessionStorage until a successful submit or 再次创建, so a reload or the error page's 返回修改 brings
 * the form back where the user left it.
 */
const DRAFT_KEY = 'step-form-draft';

export type StepValues = Partial<ChannelFormInput>;
export interface Draft {
  step: 0 | 1;
  values: StepValues;
}

export const emptyDraft = (): Draft => ({ step: 0, values: { pushNotify: true } });

export function readDraft(storage: Pick<Storage, 'getItem'> = sessionStorage): Draft {
  try {
    const raw = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!raw || typeof raw !== 'object' || typeof raw.values !== 'object' || raw.values === null) return emptyDraft();
    return { step: raw.step === 1 ? 1 : 0, values: { ...emptyDraft().values, ...raw.values } };
  } catch {
    return emptyDraft();
  }
}

export function writeDraft(draft: Draft, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage blocked: the draft lasts as long as the page
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // nothing stored either
  }
}

const stepOneFields = ['activityName', 'channelType', 'promotionTime', 'promoteLink'];

/** The step (0 or 1) that holds a field, for moving to the first invalid one. */
export function stepOfField(path: string): 0 | 1 {
  return stepOneFields.includes(path.split(/[.[]/)[0] ?? '') ? 0 : 1;
}
