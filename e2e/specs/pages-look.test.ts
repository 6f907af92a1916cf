import { describeLook } from '../lib/look-suite';
import { landing } from '../lib/texts';

/**
 * The core's pages, from the landing page (the workplace with the demo, the home page without) to the
 * system pages: their look in both themes and languages at every width (lib/look-suite.ts). The demo's
 * pages: demo/pages-look.test.ts.
 */
describeLook(
  [
    // the workplace's statistics count up and its charts grow (the home page of a blank product has neither)
    { name: 'landing', url: landing.path, settle: 1700 },
    { name: 'user-info', url: '/user/info' },
    { name: 'user-setting', url: '/user/setting' },
    { name: 'user-setting-security', url: '/user/setting?tab=security' },
    { name: 'user-setting-certification', url: '/user/setting?tab=certification' },
    { name: 'system-user', url: '/system/user' },
    { name: 'system-role', url: '/system/role' },
    { name: 'system-audit', url: '/system/audit' },
  ],
  'pages-axe',
);
