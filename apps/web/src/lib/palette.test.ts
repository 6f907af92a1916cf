import { describe, expect, it } from 'vitest';
import defaults from '../settings.json';
import { generatePalette, paletteCss } from './palette';
import { applyThemeColor, DEFAULT_PALETTE_CSS, THEME_STYLE_ID, writeThemeStyle } from './theme';

describe('theme palette', () => {
  it('generates 10 light and 10 dark shades with the base colour at index 6', () => {
    const { light, dark } = generatePalette('#165DFF');
    expect(light).toHaveLength(10);
    expect(dark).toHaveLength(10);
    expect(light[5]).toBe('22,93,255');
    for (const rgb of [...light, ...dark]) expect(rgb).toMatch(/^\d{1,3},\d{1,3},\d{1,3}$/);
    expect(dark).not.toEqual(light);
  });

  it('sets --primary-N and --arcoblue-N for body and the dark body', () => {
    const css = paletteCss('#F53F3F');
    expect(css).toContain('--primary-6: 245,63,63;');
    expect(css).toContain('--arcoblue-10:');
    expect(css).toMatch(/^body \{.*\}\nbody\[arco-theme='dark'\] \{.*\}$/s);
  });

  it('the precomputed default equals the generator output for settings.json', () => {
    expect(DEFAULT_PALETTE_CSS).toBe(paletteCss(defaults.themeColor));
  });

  it('writes one style element and replaces its text on later changes', async () => {
    await applyThemeColor('#165DFF');
    await applyThemeColor('#00B42A');
    writeThemeStyle('body {}');
    await applyThemeColor('#722ED1');
    const styles = document.head.querySelectorAll(`style#${THEME_STYLE_ID}`);
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toContain('--primary-6: 114,46,209;');
  });
});
