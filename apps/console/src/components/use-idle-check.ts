import { useEffect } from 'react';
import { useAppSelector } from '../store/hooks.js';
import { selectLastCallAt, selectSession } from '../store/session-slice.js';
import { useStaffSessionQuery } from '../store/staff-api.js';

/** A second after the timeout: the server's clock decides, and it must have passed there too. */
const GRACE_MS = 1000;

/**
 * Asks the server about the session once the idle timeout has passed since the last call: it
 * answers 401 session_expired and the console goes to the sign-in screen at once, instead of
 * looking signed in until the next action fails. Asking earlier would keep the session alive.
 */
export function useIdleCheck(): void {
  const session = useAppSelector(selectSession);
  const lastCallAt = useAppSelector(selectLastCallAt);
  const signedIn = session?.stage === 'signed_in';
  const { refetch } = useStaffSessionQuery(undefined, { skip: !signedIn });
  const timeoutSeconds = signedIn ? session.idleTimeoutSeconds : undefined;
  useEffect(() => {
    if (timeoutSeconds === undefined || lastCallAt === null) return undefined;
    const due = lastCallAt + timeoutSeconds * 1000 + GRACE_MS - Date.now();
    const timer = setTimeout(() => {
      void refetch();
    }, Math.max(due, 0));
    return () => {
      clearTimeout(timer);
    };
  }, [timeoutSeconds, lastCallAt, refetch]);
}
