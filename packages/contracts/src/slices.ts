import { demoSlices } from './demo/index.ts';
import type { ResourceDef } from './resource.ts';
import type { SliceDef } from './slice.ts';

/**
 * The slices in the product (slice.ts); their calls and stored preferences are in slice-calls.ts. A team's
 * own slice adds its line here; `npm run demo:remove` takes out the demo's. A team's resource is a slice
 * too (`resourceSlice`, docs/resources.md): `npm run new:resource` adds its line above the marker, `npm
 * run remove:resource` takes it out.
 */
export const slices = [
  ...demoSlices,
  // new:resource adds its lines above this one
] as const;

/** The same list as definitions: what code walks (`slices` keeps each one's literal types). */
export const sliceDefs: readonly SliceDef[] = [...slices];

/** The team's resources: the definitions of the slices that are one (in registry order, a referred one first). */
export const resources: readonly ResourceDef[] = sliceDefs.flatMap((s) => (s.resource ? [s.resource] : []));
