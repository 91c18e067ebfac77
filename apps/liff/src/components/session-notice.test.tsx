import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_SESSION } from '../../test/render-with-providers.js';
import { initialSessionState, sessionStateFor } from '../store/session-slice.js';
import { Outlet } from 'react-router';
import { RequireSession } from './require-session.js';
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

/** Advances the clock in steps, letting React render and run effects (each tick schedules the next). */
async function advance(ms: number, step = 500) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed));
    });
  }
}

describe('SessionNotice', () => {
  it('counts down from 5 once a second, then says it is moving for 1.5 s, then goes to login', async () => {
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
    await advance(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(services.storage.getItem('liffIdToken')).toBeNull();
    expect(services.storage.getItem('loginReturnPath')).toBe('/confirmList/event-application?from=line');
    expect(store.getState().session.sessionProblem).toBeNull();
  });

  it('counts down once: the login screen it moves to starts no second countdown, and the return path stays', async () => {
    const { router, services } = renderWithProviders(
      [
        {
          element: (
            <>
              <SessionNotice />
              <Outlet />
            </>
          ),
          children: [
            { element: <RequireSession />, children: [{ path: '/survey/:id', element: <p>フォーム</p> }] },
            { path: '/login', element: <p>ログイン画面</p> },
          ],
        },
      ],
      { path: '/survey/citizen-questionnaire', preloadedState: { session: { ...sessionStateFor(TEST_SESSION), sessionProblem: 'expired' } } },
    );
    await advance(6500);
    expect(router.state.location.pathname).toBe('/login');
    await advance(20_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/秒後にログイン画面へ移動します/)).toBeNull();
    expect(services.storage.getItem('loginReturnPath')).toBe('/survey/citizen-questionnaire');
  });

  it('shows nothing while the session is fine', () => {
    renderWithProviders([{ path: '/', element: <SessionNotice /> }], { path: '/' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
