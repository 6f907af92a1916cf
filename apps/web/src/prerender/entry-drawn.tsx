// The request-time renderer (decision 049): the pages the server draws into the signed-in document, from the
// answers it read as the document cookie's session. Built with the console (prerender-plugin.ts) into
// signed-in/render/, imported by the server (apps/server/src/plugins/drawn-view.ts); never runs in a browser.
import { ConfigProvider } from '@arco-design/web-react';
import type { UserInfo } from '@atrium/contracts/calls/auth';
import { defaultRoute, flattenRoutes, routeTable, type RouteNode } from '@atrium/contracts/routes';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { endpoints } from '../lib/api';
import { declaredCall, type FirstCall } from '../lib/api/first-calls';
import { addSliceTexts, FixedLocale, getArcoLocale, loadArcoLocale, loadLocale, type Locale } from '../lib/i18n';
import { ServerRender } from '../lib/server-render';
import { PageFrame } from '../layout/page-frame';
import { webSlices } from '../slices';
import { FixedUser, sessionFirstCalls } from '../stores/session';
import { answerData, NotDrawable, type DrawnAnswerMap } from './drawn-answers';
import { quietly } from './quietly';

const locales: Locale[] = ['zh-CN', 'en-US'];
const userInfoCall: FirstCall = { method: endpoints.auth.info.method, path: endpoints.auth.info.path, query: '' };

/**
 * A page the server draws: its route's path, the permission it asks for, the calls it reads, and when: into
 * the signed-in document (decision 049) or as the console goes to it (decision 051).
 */
export interface DrawnPage {
  path: string;
  permission?: string;
  calls: FirstCall[];
  document: boolean;
  navigation: boolean;
}

type Drawer = ComponentType<{ answers: DrawnAnswerMap }>;

interface Drawn extends DrawnPage {
  View: Drawer;
  /** A page drawn as the console goes to it is drawn in the frame the console's page sits in (its breadcrumb, its padding). */
  frame?: RouteNode;
}

/** Address path -> the route's page and its component (`/` too: the landing page). */
let drawers: Map<string, Drawn> | undefined;

/**
 * Loads the texts of both languages and the slices' drawn views. Call once, and await it, before `pages`
 * and `render`.
 */
export async function ready(): Promise<void> {
  if (drawers) return;
  addSliceTexts(webSlices);
  await Promise.all(locales.flatMap((locale) => [loadLocale(locale, 'full'), loadArcoLocale(locale)]));
  const views = new Map<string, Drawer>();
  const navigation = new Map<string, { View: Drawer; calls: readonly FirstCall[] }>();
  for (const slice of webSlices) {
    if (!slice.drawnViews) continue;
    const drawn = await slice.drawnViews();
    for (const [name, View] of Object.entries(drawn.views ?? {})) views.set(name, View);
    for (const [name, view] of Object.entries(drawn.navigation ?? {})) navigation.set(name, view);
  }
  const found = new Map<string, Drawn>();
  for (const node of flattenRoutes(routeTable)) {
    if (!node.name) continue;
    const inDocument = views.get(node.name);
    const onNavigation = navigation.get(node.name);
    const View = inDocument ?? onNavigation?.View;
    if (!View) continue;
    if (inDocument && onNavigation) throw new Error(`drawn renderer: ${node.name} is drawn into the document and on navigation: one or the other`);
    // A page drawn into the document reads the session's calls and its route's first calls; one drawn only
    // as the console goes to it, the user's info (whom it is drawn for) and its own: the console has the menu.
    const calls = inDocument ? [...sessionFirstCalls, ...(node.firstCalls ?? []).map(declaredCall)] : [userInfoCall, ...onNavigation!.calls];
    const page: Drawn = {
      path: node.path,
      ...(node.permission ? { permission: node.permission } : {}),
      calls,
      document: inDocument !== undefined,
      navigation: onNavigation !== undefined,
      View,
      ...(inDocument ? {} : { frame: node }),
    };
    found.set(node.path, page);
    if (node.path === defaultRoute.path) found.set('/', page);
  }
  drawers = found;
}

/** The pages drawn, by address path: what the server reads for each, and the permission it checks first. */
export function pages(): Record<string, DrawnPage> {
  if (!drawers) throw new Error('drawn renderer: ready() first');
  return Object.fromEntries([...drawers].map(([address, { View: _view, frame: _frame, ...page }]) => [address, page]));
}

/**
 * The page at `path` drawn in `locale` from the answers (keyed by `firstCallKey`), as HTML; null when it is
 * not drawn from these: a call refused or missing, or an account held to a password change or a two-step
 * enrolment (the console shows only that step). Everything the render knows of the person comes in its
 * arguments: no module holds it between two renders.
 */
export function render(path: string, locale: Locale, answers: DrawnAnswerMap): string | null {
  const page = drawers?.get(path);
  if (!page) return null;
  try {
    const user = answerData(answers, endpoints.auth.info) as UserInfo;
    if (user.mustChangePassword || (user.mfaRequired && !user.mfaEnabled)) return null;
    if (page.document) answerData(answers, endpoints.auth.menu);
    const { View, frame } = page;
    const view = <View answers={answers} />;
    return quietly(() =>
      renderToString(
        <FixedLocale.Provider value={locale}>
          <FixedUser.Provider value={user}>
            <ConfigProvider locale={getArcoLocale(locale)}>
              <MemoryRouter initialEntries={[page.path]}>
                <ServerRender.Provider value>{frame ? <PageFrame route={frame}>{view}</PageFrame> : view}</ServerRender.Provider>
              </MemoryRouter>
            </ConfigProvider>
          </FixedUser.Provider>
        </FixedLocale.Provider>,
      ),
    );
  } catch (error) {
    if (error instanceof NotDrawable) return null;
    throw error;
  }
}
