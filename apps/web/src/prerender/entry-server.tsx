// The build-time renderer (prerender-plugin.ts): the sign-in page and the shell's skeleton as HTML, in
// each language, for index.html. Runs once in Node after the console's build, never in a browser.
import { defaultRoute, flattenRoutes, routeTable } from '@atrium/contracts/routes';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../features/login/login-page';
import { endpoints } from '../lib/api';
import { declaredCall } from '../lib/api/first-calls';
import { dictionary as enCore } from '../lib/dictionary-core-en-US';
import { dictionary as zhCore } from '../lib/dictionary-core-zh-CN';
import { dictionaries, FixedLocale, translate, type Locale } from '../lib/i18n';
import { quietly } from './quietly';
import { ShellSkeleton } from './shell-skeleton';

dictionaries['zh-CN'] = zhCore;
dictionaries['en-US'] = enCore;

export const locales: Locale[] = ['zh-CN', 'en-US'];

export function renderLogin(locale: Locale): string {
  return quietly(() =>
    renderToString(
      <FixedLocale.Provider value={locale}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </FixedLocale.Provider>,
    ),
  );
}

export function renderShell(locale: Locale): string {
  return renderToString(<ShellSkeleton loadingLabel={translate(locale, 'common.loading')} />);
}

export function pageTitle(locale: Locale): string {
  return `${translate(locale, 'login.pageTitle')} - Atrium`;
}

/** Every page with its route name and its declared first calls, for the boot script's per-page requests. */
export const routes = flattenRoutes(routeTable).flatMap((node) =>
  node.name ? [{ path: node.path, name: node.name, firstCalls: (node.firstCalls ?? []).map((text) => ({ ...declaredCall(text), ...(node.permission ? { permission: node.permission } : {}) })) }] : [],
);

/** What every signed-in view asks for first: user info and the menu. */
export { sessionFirstCalls as sessionCalls } from '../stores/session';
export { FIRST_CALLS_GLOBAL as firstCallsGlobal } from '../lib/api/first-calls';

/** What `/` shows once signed in (the route table's default). */
export const landingPath = defaultRoute.path;

/** The boot script asks for the signing credential here, with the first wave, unless the document carries it (in this element). */
export const clientConfigPath = endpoints.auth.clientConfig.path;
export { CLIENT_CONFIG_ELEMENT_ID as clientConfigElementId } from '@atrium/contracts/client-config';
/** Where the sign-in page keeps the remembered username: the boot script shows it before the console runs. */
export { LOGIN_CONFIG_KEY as loginConfigKey } from '../features/login/login-config';
