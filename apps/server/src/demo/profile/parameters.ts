import type { Parameters } from '@atrium/contracts/demo/profile/calls';

/** The default parameters: frame rate 15, video rate 300 / 800 / 600 (min / max / default), audio rate 128, 8 channels. */
export const defaultParameters: Parameters = {
  video: {
    mode: 'custom',
    acquisition: { resolution: '720*1280', frameRate: 15 },
    encoding: { resolution: '720*1280', rate: { min: 300, max: 800, default: 600 }, frameRate: 15, profile: 'high' },
  },
  audio: { mode: 'custom', acquisition: { channels: 8 }, encoding: { channels: 8, rate: 128, profile: 'AAC-LC' } },
};
