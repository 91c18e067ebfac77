import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.js';
import { initialSessionState } from '../app/session-slice.js';
import { SessionNotice } from './session-notice.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderExpired() {
  const rendered = renderWithProviders(
    [
      { path: '/confirmList/:id', element: <SessionNotice /> },
      { path: '/login', element: <p>ログイン画面</p> },
    ],
    { path: '/confirmList/event-application?from=line', preloadedState: { session: { ...initialSessionState, sessionProblem: 'expired' } } },
  );
  rendered.services.storage.setItem('liffIdToken', 'expired-token');
  return rendered;
}

describe('SessionNotice', () => {
  it('counts down from 5 once a second, then says it is moving for 1.5 s, then goes to login', () => {
    const { router, services, store } = renderExpired();
    expect(screen.getByText('セッションの有効期限が切れました')).toBeTruthy();
    for (const seconds of [5, 4, 3, 2, 1]) {
      expect(screen.getByText(`${seconds}秒後にログイン画面へ移動します。`)).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(screen.getByText('ログイン画面へ移動します。')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(router.state.location.pathname).toBe('/confirmList/event-application');
    expect(services.storage.getItem('liffIdToken')).toBe('expired-token');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(services.storage.getItem('liffIdToken')).toBeNull();
    expect(services.storage.getItem('loginReturnPath')).toBe('/confirmList/event-application?from=line');
    expect(store.getState().session.sessionProblem).toBeNull();
  });

  it('shows nothing while the session is fine', () => {
    renderWithProviders([{ path: '/', element: <SessionNotice /> }], { path: '/' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
