import { describe } from 'vitest';
import { landingLoadTests, stylesByAddressTest } from '../../lib/prerender-suite';

// The first load of the demo's pages (the core's: specs/shell-prerender.test.ts; the tests: lib/prerender-suite.ts).

describe('the workplace', () => {
  // The workplace's data and charts included.
  landingLoadTests('loads without moving', async (page) => {
    await page.locator('[data-tab-pane="/workplace"] canvas').first().waitFor();
  }, 6);
});

// The search table opened by its address has the console's styles over Arco's, as when it is reached from
// the menu (the probe: the divider under its filters; the reason: lib/prerender-suite.ts).
describe('the search table opened by its address', () => {
  stylesByAddressTest('/list/search-table', 'Lists', 'Search table');
});
