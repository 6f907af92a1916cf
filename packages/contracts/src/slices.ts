import { demoCalls, demoSlices } from './demo/index.ts';

/**
 * The slices in the product, and their calls (slice.ts). A team's own slice adds its lines here;
 * `npm run demo:remove` takes out the demo's.
 */
export const slices = [
  ...demoSlices,
] as const;

export const sliceCalls = {
  ...demoCalls,
} as const;
