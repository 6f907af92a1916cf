import type { Locale } from '@atrium/contracts/locale';
import type { ComponentType } from 'react';
import type { FirstCall } from './lib/api/first-calls';
import type { Dictionary } from './lib/dictionary-merge';
import type { DrawnAnswerMap } from './prerender/drawn-answers';

/** A page's module: the page, and what its first view shows, asked for ahead of a visit (app/route-components.tsx). */
export interface PageModule {
  default: ComponentType;
  prefetch?: (search: URLSearchParams) => Promise<unknown>;
}

/**
 * What the server draws of a slice's pages into the signed-in document (decision 049;
 * prerender/entry-drawn.tsx), by route name: each drawn from its route's first calls' answers alone.
 */
interface DrawnViews {
  views?: Readonly<Record<string, DrawnView>>;
  /**
   * Drawn when the console goes to the page (decision 051), by route name: the view, and the calls it is
   * drawn from besides the session's (exactly those the console's page sends first, at the route's bare
   * address). The slice names these routes in `drawnOnNavigation` too.
   */
  navigation?: Readonly<Record<string, { View: DrawnView; calls: readonly FirstCall[] }>>;
}

type DrawnView = ComponentType<{ answers: DrawnAnswerMap }>;

/** What a slice adds to 用户信息 (/user/info), below the account's own banner (features/user-info). */
export interface UserInfoPanels {
  /** The wide column, in this order. */
  main?: readonly ComponentType[];
  /** The narrow column, above the account's notices. */
  side?: readonly ComponentType[];
  /** What the panels show first, asked for with the page's own data (on hover or focus of its menu entry). */
  prefetch?: () => Promise<unknown>;
}

/**
 * A slice of the console: the pages and texts that join the core through one line of the registry
 * (slices.ts), beside the slice's part of the contracts (packages/contracts/src/slice.ts: its routes,
 * permissions, calls and preferences). The core names no slice; what a slice brings is read from the
 * registry only. Everything heavy loads on demand: the registry itself is part of the first load.
 */
export interface WebSlice {
  readonly name: string;
  /** Route name (of the slice's routes in the contracts) -> the page's module, each its own chunk. */
  readonly pages?: Readonly<Record<string, () => Promise<PageModule>>>;
  /**
   * Its menu, tab and breadcrumb titles (the routes' `titleKey`s), per language. They come with the
   * sign-in page's texts (the menu is drawn from them), so keep them to the titles.
   */
  readonly titles?: Readonly<Record<Locale, Dictionary>>;
  /** The rest of its texts, per language: loaded with the console's full dictionary of that language. */
  readonly messages?: Readonly<Record<Locale, () => Promise<{ default: Dictionary }>>>;
  /** Its panels on 用户信息, loaded with that page. */
  readonly userInfoPanels?: () => Promise<{ default: UserInfoPanels }>;
  /**
   * Its pages the server draws with their data before the console's code has run (decision 049): only a
   * page whose first view follows from its route's first calls, the language and a desktop-wide window.
   * Loaded by the server's renderer only, never by the console.
   */
  readonly drawnViews?: () => Promise<DrawnViews>;
  /**
   * Its routes (by name) whose page the server draws when the console goes to them (decision 051): the
   * console asks for the drawn page as the navigation starts and shows it until its own page has its content.
   */
  readonly drawnOnNavigation?: readonly string[];
}
