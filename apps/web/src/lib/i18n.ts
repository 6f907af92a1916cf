import type { ConfigProviderProps } from '@arco-design/web-react';
import { interpolate, type Locale } from '@atrium/contracts/locale';
import { LOCALE_COOKIE } from '@atrium/contracts/client-config';
import { createContext, useCallback, useContext } from 'react';
import { create } from 'zustand';
import type { Dictionary } from './dictionary-merge';

export type { Locale, Dictionary };
export type TParams = Record<string, string | number>;
export type TFunction = (key: string, params?: TParams) => string;
export type ArcoLocale = NonNullable<ConfigProviderProps['locale']>;

const LOCALE_STORAGE_KEY = 'arco-locale';

/**
 * Dictionaries are loaded per locale (lib/dictionary-<locale>.ts merges src/locales/<locale>/*.ts and
 * the contracts' validation texts; the slices add theirs, addSliceTexts()): start-up loads only the
 * current one, so the first load does not carry the other language.
 */
export const dictionaries: Partial<Record<Locale, Dictionary>> = {};
const arcoLocales: Partial<Record<Locale, ArcoLocale>> = {};
export type DictionaryPart = 'core' | 'full';
const loaders: Record<`${Locale}:${DictionaryPart}`, () => Promise<{ dictionary: Dictionary }>> = {
  'zh-CN:core': () => import('./dictionary-core-zh-CN'),
  'en-US:core': () => import('./dictionary-core-en-US'),
  'zh-CN:full': () => import('./dictionary-zh-CN'),
  'en-US:full': () => import('./dictionary-en-US'),
};
const arcoLoaders: Record<Locale, () => Promise<{ default: unknown }>> = {
  'zh-CN': () => import('@arco-design/web-react/es/locale/zh-CN'),
  'en-US': () => import('@arco-design/web-react/es/locale/en-US'),
};
const loading: Partial<Record<`${Locale}:${DictionaryPart}`, Promise<void>>> = {};

/** What a slice brings to the dictionaries (slice.ts, `WebSlice`): its titles with the core part, the rest with the full one. */
interface SliceTexts {
  readonly titles?: Readonly<Record<Locale, Dictionary>>;
  readonly messages?: Readonly<Record<Locale, () => Promise<{ default: Dictionary }>>>;
}
let sliceTexts: readonly SliceTexts[] = [];

/**
 * Joins the slices' texts to the dictionaries (the registry, slices.ts): called once before the first
 * load (main.tsx, the tests' setup). The core's texts win on equal keys.
 */
export function addSliceTexts(slices: readonly SliceTexts[]): void {
  sliceTexts = [...sliceTexts, ...slices];
}

/** A part of a locale's dictionary: the core's file, with the slices' titles (and, for `full`, their messages) under it. */
async function loadPart(locale: Locale, part: DictionaryPart): Promise<Dictionary> {
  const [own, ...messages] = await Promise.all([
    loaders[`${locale}:${part}`](),
    ...(part === 'full' ? sliceTexts.flatMap((s) => (s.messages ? [s.messages[locale]()] : [])) : []),
  ]);
  return Object.assign({}, ...sliceTexts.map((s) => s.titles?.[locale]), ...messages.map((m) => m.default), own.dictionary) as Dictionary;
}
const arcoLoading: Partial<Record<Locale, Promise<void>>> = {};

function bumpRevision(): void {
  // Re-render consumers that rendered before a dictionary arrived.
  useLocaleStore.setState((s) => ({ ...s, revision: s.revision + 1 }));
}

/**
 * Loads a locale's texts: `core` (sign-in page and shell frame) at start-up, `full` (every page and the
 * contracts' validation texts) with the shell. A full dictionary, once there, is never replaced by core.
 */
export function loadLocale(locale: Locale, part: DictionaryPart = 'full'): Promise<void> {
  const id = `${locale}:${part}` as const;
  loading[id] ??= loadPart(locale, part).then((dictionary) => {
    if (part === 'full' || !loading[`${locale}:full`] || !dictionaries[locale]) {
      dictionaries[locale] = { ...dictionaries[locale], ...dictionary };
    }
    bumpRevision();
  });
  return loading[id]!;
}

/**
 * Arco's own texts (pagination, pickers, Empty, Modal buttons) for ConfigProvider. Loaded with the
 * shell, not with the sign-in page, which shows none of them.
 */
export function loadArcoLocale(locale: Locale): Promise<void> {
  arcoLoading[locale] ??= arcoLoaders[locale]().then((m) => {
    arcoLocales[locale] = m.default as ArcoLocale;
    bumpRevision();
  });
  return arcoLoading[locale]!;
}

export function getArcoLocale(locale: Locale): ArcoLocale | undefined {
  return arcoLocales[locale];
}

const strict = import.meta.env.DEV || import.meta.env.MODE === 'test';

export class MissingTranslationError extends Error {
  constructor(key: string, locale: Locale) {
    super(`Missing translation "${key}" for ${locale}`);
    this.name = 'MissingTranslationError';
  }
}

function otherLocale(locale: Locale): Locale {
  return locale === 'zh-CN' ? 'en-US' : 'zh-CN';
}

/**
 * Translates `key` (or a contracts message `key|{"n":30}`) in `locale`. A key missing in that locale
 * throws in development and tests; in production it falls back to the other locale so no raw key
 * is ever shown.
 */
export function translate(locale: Locale, key: string, params?: TParams): string {
  const own = dictionaries[locale] ?? {};
  const other = (): Dictionary => {
    const dict = dictionaries[otherLocale(locale)];
    if (!dict) void loadLocale(otherLocale(locale));
    return dict ?? {};
  };
  let text = own[key];
  let effectiveParams = params;
  if (text === undefined && key.includes('|')) {
    // the parameters may hold `|` themselves (a pattern): the key ends at the first one
    const bar = key.indexOf('|');
    const [base, raw] = [key.slice(0, bar), key.slice(bar + 1)];
    text = own[base] ?? (strict ? undefined : other()[base]);
    try {
      effectiveParams = { ...(JSON.parse(raw) as TParams), ...params };
    } catch {
      effectiveParams = params;
    }
  }
  if (text === undefined) {
    if (strict) throw new MissingTranslationError(key, locale);
    text = other()[key] ?? '';
  }
  return interpolate(text, effectiveParams);
}

function readStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (stored === 'zh-CN' || stored === 'en-US') return stored;
  } catch {
    // storage blocked: default locale
  }
  return 'zh-CN';
}

interface LocaleState {
  locale: Locale;
  /** Bumped when a dictionary finishes loading. */
  revision: number;
}

export const useLocaleStore = create<LocaleState>(() => ({ locale: readStoredLocale(), revision: 0 }));

export function getLocale(): Locale {
  return useLocaleStore.getState().locale;
}

/** Saves the locale, updates `<html lang>` and re-renders every `useT()` consumer. */
export function setLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  useLocaleStore.setState({ locale });
  applyDocumentLocale(locale);
}

/**
 * The document's language, and the locale cookie the server reads to send a signed-in visitor's document
 * in this language (decision 046). Not a secret and not HttpOnly: it says which language, nothing else.
 */
export function applyDocumentLocale(locale: Locale = getLocale()): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** `t` for code outside React (the request client, guards). */
export const t: TFunction = (key, params) => translate(getLocale(), key, params);

/**
 * A language fixed for a subtree, whatever the store says: the build-time render of index.html's views
 * renders each language in turn (a store read during a server render only answers its initial state).
 */
export const FixedLocale = createContext<Locale | null>(null);

export function useLocale(): Locale {
  const fixed = useContext(FixedLocale);
  const chosen = useLocaleStore((s) => s.locale);
  return fixed ?? chosen;
}

export function useT(): TFunction {
  const locale = useLocale();
  const revision = useLocaleStore((s) => s.revision);
  // `revision` is a dependency so t is re-created (and consumers re-render) after a dictionary loads.
  return useCallback((key: string, params?: TParams) => (void revision, translate(locale, key, params)), [locale, revision]);
}
