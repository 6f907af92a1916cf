import defaults from '../settings.json';

/** Light or dark: the one setting that outlives a reload (stores/settings.ts reads it back). */
export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'arco-theme';

export const THEME_STYLE_ID = 'theme-color';
const THEME_COLOR_DEBOUNCE_MS = 10;

/**
 * Output of paletteCss(settings.json's themeColor), precomputed so the first load does not carry the
 * colour library; a unit test proves it equals the generator's output for the default colour.
 */
export const DEFAULT_PALETTE_CSS = "body { --primary-1: 232,243,255; --arcoblue-1: 232,243,255; --primary-2: 190,218,255; --arcoblue-2: 190,218,255; --primary-3: 148,191,255; --arcoblue-3: 148,191,255; --primary-4: 106,161,255; --arcoblue-4: 106,161,255; --primary-5: 64,128,255; --arcoblue-5: 64,128,255; --primary-6: 22,93,255; --arcoblue-6: 22,93,255; --primary-7: 14,66,210; --arcoblue-7: 14,66,210; --primary-8: 7,44,166; --arcoblue-8: 7,44,166; --primary-9: 3,26,121; --arcoblue-9: 3,26,121; --primary-10: 0,13,77; --arcoblue-10: 0,13,77; }\nbody[arco-theme='dark'] { --primary-1: 0,13,77; --arcoblue-1: 0,13,77; --primary-2: 4,27,121; --arcoblue-2: 4,27,121; --primary-3: 14,50,166; --arcoblue-3: 14,50,166; --primary-4: 29,77,210; --arcoblue-4: 29,77,210; --primary-5: 48,111,255; --arcoblue-5: 48,111,255; --primary-6: 60,126,255; --arcoblue-6: 60,126,255; --primary-7: 104,159,255; --arcoblue-7: 104,159,255; --primary-8: 147,190,255; --arcoblue-8: 147,190,255; --primary-9: 190,218,255; --arcoblue-9: 190,218,255; --primary-10: 234,244,255; --arcoblue-10: 234,244,255; }";

const themeListeners = new Set<() => void>();

/**
 * Calls `listener` after the theme's CSS changed (light/dark or the palette), for what draws with the
 * theme's colours outside CSS (canvas charts). The colour picker writes its palette after a debounce and a
 * lazy import, so a redraw keyed on the settings store would read the old colours.
 *
 * @public for the slices' pages (the core draws nothing outside CSS).
 */
export function onThemeApplied(listener: () => void): () => void {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
}

const themeApplied = () => themeListeners.forEach((listener) => listener());

/** Writes palette CSS into the single `<style id="theme-color">` (created once, then replaced). */
export function writeThemeStyle(css: string, doc: Document = document): void {
  let style = doc.getElementById(THEME_STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = doc.createElement('style');
    style.id = THEME_STYLE_ID;
    doc.head.appendChild(style);
  }
  style.textContent = css;
  themeApplied();
}

/** Applies a theme colour (the settings drawer's picker) for light and dark; the generator loads only when needed. */
export async function applyThemeColor(color: string): Promise<void> {
  if (color.toLowerCase() === defaults.themeColor.toLowerCase()) {
    writeThemeStyle(DEFAULT_PALETTE_CSS);
    return;
  }
  const { paletteCss } = await import('./palette');
  writeThemeStyle(paletteCss(color));
}

let pending: ReturnType<typeof setTimeout> | undefined;

/** Colour changes are debounced by 10 ms. */
export function applyThemeColorDebounced(color: string): void {
  clearTimeout(pending);
  pending = setTimeout(() => void applyThemeColor(color), THEME_COLOR_DEBOUNCE_MS);
}

/** Sets or removes `arco-theme="dark"` on body (Arco's dark variables hang off it). */
export function applyThemeMode(theme: ThemeMode, persist = false): void {
  if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  themeApplied();
  if (persist) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // storage blocked: the theme lasts for this page only
    }
  }
}

export function applyColorWeak(on: boolean): void {
  document.body.style.filter = on ? 'invert(80%)' : 'none';
}
