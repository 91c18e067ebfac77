import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks.js';
import { selectSession, sessionLost } from '../store/session-slice.js';

/** Screens behind it need a signed-in citizen; without one, the login notice starts counting down. */
export function RequireSession() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (session === null) dispatch(sessionLost('notLoggedIn'));
  }, [session, dispatch]);
  return session === null ? null : <Outlet />;
}
