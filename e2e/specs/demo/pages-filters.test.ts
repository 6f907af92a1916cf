import { describe } from 'vitest';
import { adminBrowserEachTest, filterButtonTests } from '../../lib/filters-suite';

// The search table's filters laid out as the core's lists' are (the same tests: lib/filters-suite.ts, the
// core's in specs/pages-filters.test.ts): the buttons beside the filters behind a rule on desktops, under
// them on phones, clear of the divider below.

describe('search table filters', () => {
  filterButtonTests(adminBrowserEachTest(), ['/list/search-table']);
});
