import type { ServerSlice } from './slice.ts';
import { demoServerSlices } from './demo/index.ts';

/**
 * The slices the server serves (slice.ts), after the core: their calls, their migrations (after the core's,
 * in this order: a resource after those it refers to) and their sample data (after the core's seed). A
 * team's own slice adds its line here; `npm run demo:remove` takes out the demo's, `npm run new:resource`
 * adds a resource's above the marker (docs/resources.md). The only file of the core that names a slice.
 */
export const serverSlices: readonly ServerSlice[] = [
  ...demoServerSlices,
  // new:resource adds its lines above this one
];
