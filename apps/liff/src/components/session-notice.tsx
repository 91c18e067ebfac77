import { Notice } from '@city/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useServices } from '../store/hooks.js';
import { selectSessionProblem, signedOut } from '../store/session-slice.js';
import { isSafeReturnPath, paths } from '../config/paths.js';
import { clearSessionStorage, RETURN_PATH_KEY } from '../lib/session.js';
import { messages } from '../messages.js';

/** Seconds the notice counts down before the app moves to the login screen (spec section 9). */
export const LOGIN_COUNTDOWN_SECONDS = 5;
/** How long "moving to login page" shows before the move (spec section 9). */
export const MOVING_MESSAGE_MS = 1500;

/**
 * Not logged in, or the session expired (a 401 from the server): the yellow notice counts down
 * 5 seconds, one tick a second, then says it is moving to the login screen for 1.5 seconds, clears
 * session storage, remembers the current path, and goes to the login screen (spec section 4).
 */
export function SessionNotice() {
  const problem = useAppSelector(selectSessionProblem);
  const { pathname } = useLocation();
  // On the login screen itself there is nowhere to move to.
  if (problem === null || pathname === paths.login.to()) return null;
  return <SessionCountdown key={problem} problem={problem} />;
}

function SessionCountdown({ problem }: { problem: 'notLoggedIn' | 'expired' }) {
  const [secondsLeft, setSecondsLeft] = useState(LOGIN_COUNTDOWN_SECONDS);
  const { storage } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Where the citizen was when the session was lost: where they return after logging in.
  const [returnPath] = useState(() => `${location.pathname}${location.search}`);
  const moved = useRef(false);

  useEffect(() => {
    if (secondsLeft > 0) {
      const tick = setTimeout(() => {
        setSecondsLeft(secondsLeft - 1);
      }, 1000);
      return () => {
        clearTimeout(tick);
      };
    }
    const move = setTimeout(() => {
      if (moved.current) return;
      moved.current = true;
      clearSessionStorage(storage);
      if (isSafeReturnPath(returnPath)) storage.setItem(RETURN_PATH_KEY, returnPath);
      // Signed out only once the login screen shows: the screen being left would otherwise see
      // no session and start a second countdown.
      void Promise.resolve(navigate(paths.login.to(), { replace: true })).then(() => dispatch(signedOut()));
    }, MOVING_MESSAGE_MS);
    return () => {
      clearTimeout(move);
    };
  }, [secondsLeft, storage, dispatch, navigate, returnPath]);

  return (
    <div className="app-session-notice">
      <Notice
        tone="warning"
        title={problem === 'expired' ? messages.sessionExpiredTitle : messages.notLoggedInTitle}
        {...(secondsLeft > 0 ? { countdownSeconds: secondsLeft } : {})}
      >
        <p>{secondsLeft > 0 ? (problem === 'expired' ? messages.sessionExpired : messages.notLoggedIn) : messages.movingToLogin}</p>
      </Notice>
    </div>
  );
}
