import { describe, expect, it } from 'vitest';
import { INTEGRATION_SETTING_KEYS, readIntegrationSettings } from './settings.js';

const defaults = { apiBaseUrl: 'https://city.example.jp', loginAppId: '1650000000', webUrl: 'https://app.city.example.jp' };
const storageOf = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('readIntegrationSettings', () => {
  it('uses the built-in defaults when storage holds nothing', () => {
    expect(readIntegrationSettings(storageOf({}), defaults)).toEqual(defaults);
    expect(readIntegrationSettings(undefined, defaults)).toEqual(defaults);
  });

  it('takes each stored value over its default', () => {
    const storage = storageOf({
      [INTEGRATION_SETTING_KEYS.apiBaseUrl]: 'http://127.0.0.1:3000',
      [INTEGRATION_SETTING_KEYS.loginAppId]: ' 2000000000 ',
    });
    expect(readIntegrationSettings(storage, defaults)).toEqual({
      apiBaseUrl: 'http://127.0.0.1:3000',
      loginAppId: '2000000000',
      webUrl: defaults.webUrl,
    });
  });

  it('ignores blank values, URLs that are not http(s), and plain http to another machine', () => {
    expect(
      readIntegrationSettings(storageOf({ [INTEGRATION_SETTING_KEYS.apiBaseUrl]: 'http://evil.example' }), defaults).apiBaseUrl,
    ).toBe(defaults.apiBaseUrl);
    expect(
      readIntegrationSettings(storageOf({ [INTEGRATION_SETTING_KEYS.apiBaseUrl]: 'https://staging.city.example.jp' }), defaults)
        .apiBaseUrl,
    ).toBe('https://staging.city.example.jp');
    const storage = storageOf({
      [INTEGRATION_SETTING_KEYS.apiBaseUrl]: 'javascript:alert(1)',
      [INTEGRATION_SETTING_KEYS.webUrl]: 'not a url',
      [INTEGRATION_SETTING_KEYS.loginAppId]: '   ',
    });
    expect(readIntegrationSettings(storage, defaults)).toEqual(defaults);
  });

  it('falls back to the defaults when storage throws (storage blocked by the browser)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(readIntegrationSettings(blocked, defaults)).toEqual(defaults);
  });
});
