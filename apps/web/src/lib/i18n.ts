import { interpolate, type Locale } from '@atrium/contracts/locale';
import { validationMessages } from '@atrium/contracts/messages/validation';
import { useCallback } from 'react';
import { create } from 'zustand';

export type { Locale };
export type Dictionary = Record<string, string>;
export type TParams = Record<string, string | number>;
export type TFunction = (key: string, params?: TParams) => string;

export const LOCALE_STORAGE_KEY = 'arco-locale';
export const supportedLocales: Locale[] = ['zh-CN', 'en-US'];

// Every file src/locales/<locale>/<area>.ts is merged without an index, so each feature adds its own.
const files = import.meta.glob<Dictionary>('../locales/*/*.ts', { eager: true, import: 'default' });

function buildDictionaries(): Record<Locale, Dictionary> {
  const out: Record<Locale, Dictionary> = { 'zh-CN': { ...validationMessages['zh-CN'] }, 'en-US': { ...validationMessages['en-US'] } };
  for (const [path, dict] of Object.entries(files)) {
    const locale = /locales\/([^/]+)\//.exec(path)?.[1] as Locale | undefined;
    if (locale && locale in out) Object.assign(out[locale], dict);
  }
  return out;
}

export const dictionaries = buildDictionaries();

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
  let text = dictionaries[locale][key];
  let effectiveParams = params;
  if (text === undefined && key.includes('|')) {
    const [base = key, raw = ''] = key.split('|', 2);
    text = dictionaries[locale][base] ?? (strict ? undefined : dictionaries[otherLocale(locale)][base]);
    try {
      effectiveParams = { ...(JSON.parse(raw) as TParams), ...params };
    } catch {
      effectiveParams = params;
    }
  }
  if (text === undefined) {
    if (strict) throw new MissingTranslationError(key, locale);
    text = dictionaries[otherLocale(locale)][key] ?? '';
  }
  return interpolate(text, effectiveParams);
}

export function hasTranslation(key: string, locale: Locale = getLocale()): boolean {
  return dictionaries[locale][key] !== undefined;
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
}

export const useLocaleStore = create<LocaleState>(() => ({ locale: readStoredLocale() }));

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

export function applyDocumentLocale(locale: Locale = getLocale()): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** `t` for code outside React (the request client, guards). */
export const t: TFunction = (key, params) => translate(getLocale(), key, params);

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale);
}

export function useT(): TFunction {
  const locale = useLocale();
  return useCallback((key: string, params?: TParams) => translate(locale, key, params), [locale]);
}
