import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsReducer, settingsToJson } from './settings';

describe('settings reducer', () => {
  it('starts from settings.json', () => {
    expect(defaultSettings).toMatchObject({ theme: 'light', navbar: true, menu: true, footer: true, tabBar: true, themeColor: '#165DFF', menuWidth: 220, menuCollapse: false });
  });

  it('turning the top menu on expands the menu', () => {
    const collapsed = settingsReducer(defaultSettings, { type: 'update', patch: { menuCollapse: true } });
    expect(collapsed.menuCollapse).toBe(true);
    const top = settingsReducer(collapsed, { type: 'update', patch: { topMenu: true } });
    expect(top).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it('clamps the menu width to 160..400', () => {
    expect(settingsReducer(defaultSettings, { type: 'update', patch: { menuWidth: 20 } }).menuWidth).toBe(160);
    expect(settingsReducer(defaultSettings, { type: 'update', patch: { menuWidth: 9999 } }).menuWidth).toBe(400);
    expect(settingsReducer(defaultSettings, { type: 'update', patch: { menuWidth: 250 } }).menuWidth).toBe(250);
  });

  it('derives hideMenu from the device', () => {
    expect(settingsReducer(defaultSettings, { type: 'update', patch: { device: 'mobile' } }).hideMenu).toBe(true);
    expect(settingsReducer({ ...defaultSettings, hideMenu: true }, { type: 'update', patch: { device: 'desktop' } }).hideMenu).toBe(false);
  });

  it('writes other options as they are and resets to the defaults', () => {
    const changed = settingsReducer(defaultSettings, { type: 'update', patch: { footer: false, colorWeak: true } });
    expect(changed).toMatchObject({ footer: false, colorWeak: true });
    expect(settingsReducer(changed, { type: 'reset' })).toEqual(defaultSettings);
  });

  it('copies every field in order with globalSettings false and 2-space indentation', () => {
    const json = settingsToJson({ ...defaultSettings, globalSettings: true, theme: 'dark' });
    expect(Object.keys(JSON.parse(json))).toEqual(['theme', 'colorWeak', 'navbar', 'menu', 'topMenu', 'hideMenu', 'menuCollapse', 'footer', 'themeColor', 'menuWidth', 'globalSettings', 'device', 'tabBar']);
    expect(JSON.parse(json)).toMatchObject({ globalSettings: false, theme: 'dark' });
    expect(json.split('\n')[1]).toBe('  "theme": "dark",');
  });
});
