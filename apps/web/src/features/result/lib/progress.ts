/** The five stages of a channel's progress on the success page (pages.md §10.1), in order. */
export const stageKeys = [
  'success.submitApplication',
  'success.leaderReview',
  'success.purchaseCertificate',
  'success.safetyTest',
  'success.launched',
] as const;

export type StageState = 'finish' | 'process' | 'wait';

export interface StageView {
  titleKey: (typeof stageKeys)[number];
  state: StageState;
  /** When the stage was reached (finished stages only). */
  time?: string;
}

/**
 * Stage i < `stage` is finished (its time from `stages`), i = `stage` in progress, i > `stage` waiting;
 * a `stage` past the last one means every stage is finished (pages.md §10.2).
 */
export function stageViews(stage: number, stages: { key: string | number; time: string }[]): StageView[] {
  return stageKeys.map((titleKey, index) => {
    const state: StageState = index < stage ? 'finish' : index === stage ? 'process' : 'wait';
    const reached = stages[index];
    return { titleKey, state, time: state === 'finish' ? reached?.time : undefined };
  });
}
