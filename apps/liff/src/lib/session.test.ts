import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/render-with-providers.js';
import { createSession, readSession, saveSession, SESSION_KEYS, userIdFromIdToken } from './session.js';

/** An unsigned JWT-shaped token naming `sub` (reading the user id needs no signature). */
const tokenFor = (sub: string) => `e30.${Buffer.from(JSON.stringify({ sub, name: '山田 太郎' })).toString('base64url')}.sig`;
const profile = { userId: 'U1', displayName: '山田 太郎' };

describe('the LINE session in session storage', () => {
  it('round-trips under the spec keys, the user id read from the ID token', () => {
    const storage = memoryStorage();
    saveSession(storage, createSession({ idToken: tokenFor('U1a'), accessToken: 'access', refreshToken: 'refresh', profile }));
    expect(storage.getItem(SESSION_KEYS.idToken)).toBe(tokenFor('U1a'));
    expect(storage.getItem('liffAccessToken')).toBe('access');
    expect(storage.getItem('liffRefreshToken')).toBe('refresh');
    const session = readSession(storage);
    expect(session.userId).toBe('U1a');
    expect(session.profile).toMatchObject({ userId: 'U1a', displayName: '山田 太郎' });
  });

  it("fails with 'Not found LIFF Session' when any stored piece is missing", () => {
    for (const missing of Object.values(SESSION_KEYS)) {
      const storage = memoryStorage();
      saveSession(storage, createSession({ idToken: tokenFor('U1'), accessToken: 'a', refreshToken: 'r', profile }));
      storage.removeItem(missing);
      expect(() => readSession(storage), missing).toThrow(new Error('Not found LIFF Session'));
    }
  });

  it("fails with 'Id token and Access Token must be present' for incomplete tokens", () => {
    expect(() => createSession({ idToken: null, accessToken: 'a', profile })).toThrow(new Error('Id token and Access Token must be present'));
    expect(() => createSession({ idToken: tokenFor('U1'), accessToken: '', profile })).toThrow(new Error('Id token and Access Token must be present'));
    expect(() => createSession({ idToken: 'not-a-jwt', accessToken: 'a', profile })).toThrow(new Error('Id token and Access Token must be present'));
  });

  it('reads the user id from base64url payloads with Japanese text', () => {
    // '佐藤 花子?' encodes to base64 with '+' or '/': base64url turns them into '-' and '_'.
    const payload = Buffer.from(JSON.stringify({ sub: 'U9', name: '佐藤 花子??>>' })).toString('base64url');
    expect(payload).toMatch(/[-_]/);
    expect(userIdFromIdToken(`e30.${payload}.sig`)).toBe('U9');
  });
});
