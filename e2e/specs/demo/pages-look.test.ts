import { expect } from 'vitest';
import { describeLook } from '../../lib/look-suite';

/** The demo's pages: their look in both themes and languages at every width (lib/look-suite.ts). */
describeLook(
  [
    // the charts are drawn on canvases once their chunk has arrived; its statistics count up, its charts grow
    { name: 'workplace', url: '/workplace', ready: (p) => expect.poll(() => p.locator('canvas').count(), { timeout: 40_000 }).toBeGreaterThanOrEqual(2), settle: 1700 },
    { name: 'search-table', url: '/list/search-table' },
    { name: 'card', url: '/list/card' },
    { name: 'step-form', url: '/form/step' },
    { name: 'group-form', url: '/form/group' },
    { name: 'profile-basic', url: '/profile/basic' },
    { name: 'result-success', url: '/result/success' },
    { name: 'result-error', url: '/result/error' },
  ],
  'pages-demo-axe',
);
