import { describe, expect, it } from 'vitest';
import { stageViews } from './progress.ts';

describe('channel progress', () => {
  it('marks a new channel at stage 1', () => {
    const views = stageViews(1, [{ key: 0, time: '2026-01-01T00:00:00Z' }]);
    expect(views.map((v) => v.state)).toEqual(['finish', 'process', 'wait', 'wait', 'wait']);
    expect(views[0]?.time).toBe('2026-01-01T00:00:00Z');
    expect(views[1]?.time).toBeUndefined();
  });
  it('finishes all stages past the last', () => {
    expect(stageViews(5, []).every((v) => v.state === 'finish')).toBe(true);
  });
});
