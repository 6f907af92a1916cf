import { order, prepare, slices } from './lifecycle-fixture.ts';
import { describeResource } from './resource-suite.ts';

/**
 * The kit's life cycles on a fixture of its own (lifecycle-fixture.ts), run through the whole resource suite
 * with its life cycle suite (resource-lifecycle-suite.ts).
 */
describeResource(order, { resources: slices, prepare });
