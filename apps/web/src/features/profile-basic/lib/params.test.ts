import { describe, expect, it } from 'vitest';
import { audioRows, changedRows, formatParam, videoRows } from './params.ts';

const t = (key: string) => ({ 'groupForm.option.mode.custom': '自定义', 'basicProfile.unit.audio.channels': '声道' })[key] ?? key;
const params = {
  video: { mode: 'custom', acquisition: { resolution: '720*1280', frameRate: 15 }, encoding: { resolution: '720*1280', rate: { min: 300, max: 800, default: 1500 }, frameRate: 15, profile: 'high' } },
  audio: { mode: 'custom', acquisition: { channels: 8 }, encoding: { channels: 8, rate: 128, profile: 'AAC-LC' } },
};

describe('profile parameter rows', () => {
  it('formats values with units (fps, not fpx)', () => {
    const frameRate = videoRows.find((r) => r.path === 'video.acquisition.frameRate')!;
    expect(formatParam(frameRate, 15, t)).toBe('15 fps');
    expect(formatParam(videoRows[0]!, 'custom', t)).toBe('自定义');
    expect(formatParam(audioRows[1]!, 8, t)).toBe('8 声道');
    expect(formatParam(audioRows[3]!, 128, t)).toBe('128 kbps');
    expect(formatParam(videoRows[4]!, undefined, t)).toBe('-');
  });
  it('lists only changed rows', () => {
    const after = structuredClone(params);
    after.video.encoding.rate.min = 400;
    after.audio.encoding.rate = 256;
    expect(changedRows(params, after).map((r) => r.path)).toEqual(['video.encoding.rate.min', 'audio.encoding.rate']);
  });
});
