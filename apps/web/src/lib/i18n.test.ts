import { describe, expect, it } from 'vitest';
import { dictionaries, MissingTranslationError, translate } from './i18n';

describe('locales', () => {
  it('zh-CN and en-US define exactly the same keys', () => {
    const zh = Object.keys(dictionaries['zh-CN']!).sort();
    const en = Object.keys(dictionaries['en-US']!).sort();
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
    expect(zh.length).toBeGreaterThan(150);
  });

  it('interpolates parameters and contracts message keys with parameters', () => {
    expect(translate('en-US', 'login.form.resend', { n: 42 })).toBe('Resend in 42 s');
    expect(translate('zh-CN', 'common.maxLength|{"n":30}')).toBe('最多 30 个字符');
    expect(translate('zh-CN', 'app.localeChanged')).toBe('切换语言成功，即将刷新页面');
  });

  it('throws on a missing key in tests instead of showing it', () => {
    expect(() => translate('zh-CN', 'no.such.key')).toThrow(MissingTranslationError);
  });

  it('carries the spec texts of the shell in both languages', () => {
    expect(translate('zh-CN', 'settings.copySettings.message')).toBe('已拷贝配置');
    expect(translate('en-US', 'app.sessionExpired.title')).toBe('Session expired');
    expect(translate('zh-CN', 'footer.copyright', { year: 2026 })).toBe('Atrium 版权所有 © 2026');
  });
});
