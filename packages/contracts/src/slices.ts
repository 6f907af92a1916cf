import { demoSlices } from './demo/index.ts';
import type { SliceDef } from './slice.ts';

/**
 * The slices in the product (slice.ts); their calls and stored preferences are in slice-calls.ts. A team's
 * own slice adds its line here; `npm run demo:remove` takes out the demo's.
 */
export const slices = [
  ...demoSlices,
] as const;

/** The same list as definitions: what code walks (`slices` keeps each one's literal types). */
export const sliceDefs: readonly SliceDef[] = [...slices];
