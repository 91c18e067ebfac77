import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/render-with-providers.js';
import { newOauthState, startWebLogin, takeOauthState } from './line-login.js';

describe('LINE web login', () => {
  it('draws states that are integers below 100000', () => {
    for (let draw = 0; draw < 2000; draw += 1) {
      const state = newOauthState();
      expect(Number.isInteger(state) && state >= 0 && state < 100_000).toBe(true);
    }
  });

  it('stores the state and sends the spec query to the authorize page', () => {
    const storage = memoryStorage();
    const url = new URL(startWebLogin(storage, { authorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize', clientId: '1650000000', redirectUri: 'https://city.example.jp/login' }));
    expect(url.origin + url.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '1650000000',
      redirect_uri: 'https://city.example.jp/login',
      state: storage.getItem('lineOauthStateKey'),
      scope: 'profile openid',
      disable_ios_auto_login: 'true',
    });
  });

  it('accepts the returned state once, and never a different or missing one', () => {
    const storage = memoryStorage();
    storage.setItem('lineOauthStateKey', '4242');
    expect(takeOauthState(storage, '4242')).toBe(true);
    expect(takeOauthState(storage, '4242')).toBe(false);
    storage.setItem('lineOauthStateKey', '4242');
    expect(takeOauthState(storage, '4243')).toBe(false);
    expect(takeOauthState(storage, '4242')).toBe(false); // a failed try used it up too
    expect(takeOauthState(memoryStorage(), null)).toBe(false);
  });
});
