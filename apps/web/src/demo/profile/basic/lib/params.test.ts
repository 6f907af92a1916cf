import { describe, expect, it } from 'vitest';
import { audioRows, changedRows, formatParam, valueAt, videoRows } from './params.ts';

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
  it('lists only changed rows of a log entry, in profile order', () => {
    const before = { 'audio.encoding.rate': 128, 'video.encoding.rate.min': 300, 'video.mode': 'custom' };
    const after = { 'audio.encoding.rate': 256, 'video.encoding.rate.min': 400, 'video.mode': 'custom' };
    expect(changedRows(before, after).map((r) => r.path)).toEqual(['video.encoding.rate.min', 'audio.encoding.rate']);
    expect(valueAt(params, 'video.encoding.rate.max')).toBe(800);
  });
});
