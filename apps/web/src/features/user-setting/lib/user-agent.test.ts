import { describe, expect, it } from 'vitest';
import { shortUserAgent } from './user-agent';

describe('short user agent', () => {
  it('names the browser, its major version and the system', () => {
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36')).toBe('Chrome 126 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87')).toBe('Edge 126 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari 17 · macOS');
    expect(shortUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari 17 · iOS');
    expect(shortUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox 127 · Linux');
    expect(shortUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')).toBe('Chrome 126 · Android');
  });

  it('cuts an unknown one and says - for none', () => {
    expect(shortUserAgent('curl/8.7.1')).toBe('curl/8.7.1');
    expect(shortUserAgent('x'.repeat(60), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortUserAgent('😀'.repeat(12), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(shortUserAgent('  ')).toBe('-');
  });
});
