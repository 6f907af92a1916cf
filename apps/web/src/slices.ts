import { demoWebSlices } from './demo/index.ts';
import type { WebSlice } from './slice.ts';

/**
 * The console's slices (slice.ts), in the order of the contracts' registry (packages/contracts/src/slices.ts).
 * A team's own slice adds its line here; `npm run demo:remove` takes out the demo's.
 */
export const webSlices: readonly WebSlice[] = [
  ...demoWebSlices,
];
