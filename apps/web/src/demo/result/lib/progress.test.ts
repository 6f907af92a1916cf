import { describe, expect, it } from 'vitest';
import { stageViews } from './progress.ts';

describe('channel progress', () => {
  it('shows a new channel at stage 1', () => {
    const views = stageViews(1, [{ key: 'submitApplication', time: '2026-01-01T00:00:00Z' }]);
    expect(views.map((v) => v.state)).toEqual(['finish', 'process', 'wait', 'wait', 'wait']);
    expect(views[0]).toMatchObject({ titleKey: 'success.submitApplication', time: '2026-01-01T00:00:00Z' });
    expect(views[1]?.time).toBeUndefined();
  });
  it('finishes every stage past the last one', () => {
    expect(stageViews(5, []).every((v) => v.state === 'finish')).toBe(true);
  });
});
