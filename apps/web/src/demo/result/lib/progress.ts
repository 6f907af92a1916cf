import { channelStages } from '@atrium/contracts/demo/step-form/calls';

/** The five stages of a channel's progress on the success page, in order. */
type StageKey = (typeof channelStages)[number];
type StageState = 'finish' | 'process' | 'wait';

export interface StageView {
  key: StageKey;
  titleKey: string;
  state: StageState;
  /** When the stage was reached (finished stages only). */
  time?: string;
}

/**
 * Stage i < `stage` is finished (with the time it was reached), i = `stage` in progress, i > `stage`
 * waiting; a `stage` past the last one means every stage is finished.
 */
export function stageViews(stage: number, stages: readonly { key: string; time: string }[]): StageView[] {
  return channelStages.map((key, index) => {
    const state: StageState = index < stage ? 'finish' : index === stage ? 'process' : 'wait';
    return { key, titleKey: `success.${key}`, state, time: state === 'finish' ? stages.find((s) => s.key === key)?.time : undefined };
  });
}
