import { useContext } from 'react';
import { create } from 'zustand';
import { MOBILE_BREAKPOINT } from '../lib/breakpoints';
import { ServerRender } from '../lib/server-render';
import { THEME_STORAGE_KEY, type ThemeMode } from '../lib/theme';
import defaults from '../settings.json';

/** App settings, in the order the settings drawer's 复制配置 copies them. */
export interface AppSettings {
  theme: ThemeMode;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
}

const settingsKeys: (keyof AppSettings)[] = [
  'theme', 'colorWeak', 'navbar', 'menu', 'topMenu', 'hideMenu', 'menuCollapse', 'footer', 'themeColor',
  'menuWidth', 'globalSettings', 'device', 'tabBar',
];

export const MENU_WIDTH_MIN = 160;
export const MENU_WIDTH_MAX = 400;

export const defaultSettings: AppSettings = defaults as AppSettings;

export type SettingsAction = { type: 'update'; patch: Partial<AppSettings> } | { type: 'reset' };

export function clampMenuWidth(value: number): number {
  if (!Number.isFinite(value)) return defaultSettings.menuWidth;
  return Math.min(MENU_WIDTH_MAX, Math.max(MENU_WIDTH_MIN, Math.round(value)));
}

/**
 * Pure transition function, so the settings drawer's rules are testable without React:
 * turning the top menu on expands the menu; the menu width stays within its bounds; the
 * device decides hideMenu (see layout/use-responsive.ts).
 */
export function settingsReducer(state: AppSettings, action: SettingsAction): AppSettings {
  // A reset keeps the device: it is measured, not a preference.
  if (action.type === 'reset') return { ...defaultSettings, device: state.device, hideMenu: state.device === 'mobile' || defaultSettings.hideMenu };
  const next: AppSettings = { ...state, ...action.patch };
  if (action.patch.topMenu === true) next.menuCollapse = false;
  if (action.patch.menuWidth !== undefined) next.menuWidth = clampMenuWidth(action.patch.menuWidth);
  if (action.patch.device !== undefined) next.hideMenu = action.patch.device === 'mobile';
  if (next.theme !== 'light' && next.theme !== 'dark') next.theme = 'light';
  return next;
}

/** What 复制配置 copies: every field in order, globalSettings written as false, 2-space JSON. */
export function settingsToJson(settings: AppSettings): string {
  const out: Record<string, unknown> = {};
  for (const key of settingsKeys) out[key] = key === 'globalSettings' ? false : settings[key];
  return JSON.stringify(out, null, 2);
}

function readStoredTheme(): AppSettings['theme'] | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

/** The device of the current body width (desktop where there is no document, as in the build-time render). */
export function measureDevice(): AppSettings['device'] {
  if (typeof document === 'undefined' || !document.body) return 'desktop';
  return document.body.clientWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

function initialSettings(): AppSettings {
  // Only the theme outlives a reload; everything else starts from settings.json. The device is measured
  // now, so a phone's first frame is already the phone layout (no sider padding sliding away).
  const device = measureDevice();
  return settingsReducer({ ...defaultSettings, theme: readStoredTheme() ?? defaultSettings.theme }, { type: 'update', patch: { device } });
}

interface SettingsStore extends AppSettings {
  dispatch: (action: SettingsAction) => void;
  update: (patch: Partial<AppSettings>) => void;
}

export const useSettings = create<SettingsStore>((set, get) => ({
  ...initialSettings(),
  dispatch: (action) => set(settingsReducer(pickSettings(get()), action)),
  update: (patch) => set(settingsReducer(pickSettings(get()), { type: 'update', patch })),
}));

/** A phone or a tablet (the body narrower than 992 px, measured by the shell): the layouts for narrow screens. Never in a server render (drawn for desktops). */
export function useIsMobile(): boolean {
  const mobile = useSettings((s) => s.device === 'mobile');
  const server = useContext(ServerRender);
  return mobile && !server;
}

export function pickSettings(source: AppSettings): AppSettings {
  const out = {} as Record<string, unknown>;
  for (const key of settingsKeys) out[key] = source[key];
  return out as unknown as AppSettings;
}
