import { demoWebSlices } from './demo/index.ts';
import type { WebSlice } from './slice.ts';

/**
 * The console's slices (slice.ts), in the order of the contracts' registry (packages/contracts/src/slices.ts).
 * A team's own slice adds its line here; `npm run demo:remove` takes out the demo's, `npm run new:resource`
 * adds a resource's above the marker (docs/resources.md).
 */
export const webSlices: readonly WebSlice[] = [
  ...demoWebSlices,
  // new:resource adds its lines above this one
];
