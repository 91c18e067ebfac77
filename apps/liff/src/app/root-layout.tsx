import { Loading, ToastProvider } from '@city/ui';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { BackNavigationGuard } from '../components/back-navigation-guard.js';
import { SessionNotice } from '../components/session-notice.js';
import { RESERVATION_COMPLETE_KEY } from '../lib/session.js';
import { messages } from '../messages.js';
import { useAppDispatch, useServices } from '../store/hooks.js';
import { reservationCompleteCleared } from '../store/survey-slice.js';

/**
 * The root view (spec section 2): one container at least as tall as the screen, with the router
 * outlet, the loading indicator, notifications and the session notice.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useClearCompletionWhenHidden();
  useAnnounceScreenChange();
  return (
    <div className="city-root app-root">
      <ToastProvider>
        <SessionNotice />
        <BackNavigationGuard />
        {navigation.state === 'loading' ? <Loading /> : null}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ToastProvider>
    </div>
  );
}

/**
 * After moving to another screen, the browser tab says which screen it is and the focus moves to
 * its heading, so a screen reader announces the new screen (a client-side route change is silent
 * otherwise). The first screen keeps the browser's own start.
 */
function useAnnounceScreenChange() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const isFirstScreen = first.current;
    first.current = false;
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('h1');
      if (heading === null) return;
      document.title = `${heading.textContent} | ${messages.appTitle}`;
      if (isFirstScreen) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [location.key]);
}

/** When the page becomes hidden, the stored reservation-complete flag is removed (spec section 2). */
function useClearCompletionWhenHidden() {
  const { storage } = useServices();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'hidden') return;
      storage.removeItem(RESERVATION_COMPLETE_KEY);
      dispatch(reservationCompleteCleared());
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [storage, dispatch]);
}
