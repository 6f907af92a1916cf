import type { ResourceModule } from './kit.ts';

/**
 * The team's own resources on the server (docs/resources.md), one line each: `npm run new:resource`
 * adds the line and the module file beside it, `npm run remove:resource` takes both out.
 */
export const resourceModules: readonly ResourceModule[] = [
  // new:resource adds its lines above this one
];
