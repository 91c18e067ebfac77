import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks.js';
import { selectAwaitingSession, selectSession, sessionLost } from '../store/session-slice.js';

/**
 * Screens behind it need a signed-in citizen; without one, the login notice starts counting down.
 * A screen the server rendered shows while the session is not known yet (the part that is anyone's:
 * a survey's questions), and only then is it decided.
 */
export function RequireSession() {
  const session = useAppSelector(selectSession);
  const awaiting = useAppSelector(selectAwaitingSession);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (session === null && !awaiting) dispatch(sessionLost('notLoggedIn'));
  }, [session, awaiting, dispatch]);
  return session === null && !awaiting ? null : <Outlet />;
}
