/**
 * The team's own resources (docs/resources.md), one line each: `npm run new:resource` adds the line and
 * the definition file beside it, `npm run remove:resource` takes both out. Their permissions, routes
 * and calls join the catalogue, the route table and the call table from here.
 */
import type { ResourceDef } from '../resource.ts';

export const resources: readonly ResourceDef[] = [
  // new:resource adds its lines above this one
];
