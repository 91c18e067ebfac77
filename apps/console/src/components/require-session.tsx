import { Loading } from '@city/ui';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.js';
import { messages } from '../messages.js';
import { useAppSelector } from '../store/hooks.js';
import { selectSession, selectSessionChecked } from '../store/session-slice.js';
import { callErrorOf, useStaffSessionQuery } from '../store/staff-api.js';
import { CallFailure } from './call-failure.js';

/** Where the sign-in screen sends the staff member back to once signed in. */
export interface SignInReturn {
  from?: string;
}

/**
 * The screens behind sign-in: asks the server about the cookie once per page load, then shows the
 * screen only to a signed-in staff member; anyone else goes to the sign-in screen (which says why
 * when a session ended) and comes back here afterwards.
 */
export function RequireSession() {
  const session = useAppSelector(selectSession);
  const checked = useAppSelector(selectSessionChecked);
  const location = useLocation();
  const check = useStaffSessionQuery(undefined, { skip: checked });
  if (!checked) {
    // A 401 ends the check through the session slice; anything else (no network) is shown.
    const error = callErrorOf(check.error);
    if (error !== undefined && error.status !== 401) {
      return (
        <CallFailure
          error={error}
          onRetry={() => {
            void check.refetch();
          }}
        />
      );
    }
    return <Loading label={messages.loading} />;
  }
  if (session?.stage !== 'signed_in') {
    const state: SignInReturn = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn.to()} replace state={state} />;
  }
  return <Outlet />;
}
