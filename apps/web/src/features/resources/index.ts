import type { ComponentType } from 'react';

/**
 * The console pages of the team's own resources (docs/resources.md), by route name: `npm run
 * new:resource` adds a line for each page file it writes beside this one (`./<name>-page.tsx`, the kit's
 * page drawn from the definition), `npm run remove:resource` takes it out. app/route-components.tsx
 * joins them to the other pages, each its own chunk.
 */
export const resourcePageLoaders: Record<string, () => Promise<{ default: ComponentType }>> = {
  // new:resource adds its lines above this one
};
