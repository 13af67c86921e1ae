import { describe, expect, it } from 'vitest';
import { browserSummary } from './userAgent';

describe('browserSummary', () => {
  it('names the browser, its major version and the system', () => {
    expect(browserSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36')).toBe(
      'Chrome 126 · Windows',
    );
    expect(
      browserSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87'),
    ).toBe('Edge 126 · Windows');
    expect(
      browserSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 17 · iOS');
    expect(
      browserSummary('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49'),
    ).toBe('微信 8 · Android');
    expect(browserSummary('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 · Linux');
    expect(browserSummary('curl/8.5.0')).toBe('');
  });
});
