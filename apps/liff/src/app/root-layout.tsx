import { Loading, ToastProvider } from '@city/ui';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAppDispatch, useServices } from './hooks.js';
import { reservationCompleteCleared } from '../features/survey/survey-slice.js';
import { RESERVATION_COMPLETE_KEY } from '../lib/session.js';
import { BackNavigationGuard } from '../components/back-navigation-guard.js';
import { SessionNotice } from '../components/session-notice.js';

/**
 * The root view (spec section 2): one container at least as tall as the screen, with the router
 * outlet, the loading indicator, notifications and the session notice.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useClearCompletionWhenHidden();
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
