import { Button, Loading, Notice, PageLayout } from '@city/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector, useServices } from '../../store/hooks.js';
import { selectSession, signedIn } from '../../store/session-slice.js';
import { HOME_PATH, isSafeReturnPath, paths } from '../../config/paths.js';
import { startWebLogin, takeOauthState } from '../../lib/line-login.js';
import { createSession, RETURN_PATH_KEY, saveSession } from '../../lib/session.js';
import { messages } from '../../messages.js';
import { useHydrated } from '../../lib/use-hydrated.js';

type LoginStatus = 'idle' | 'exchanging' | 'mismatch' | 'failed';

/**
 * The login screen, and the address LINE returns to with `code` and `state` (spec sections 2 and
 * 4). A state that does not match the stored one is refused with a way to try again; it never
 * starts another redirect by itself, so it cannot loop.
 */
export function LoginPage() {
  const services = useServices();
  const { storage, settings, runtime } = services;
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const returnedState = searchParams.get('state');
  const [status, setStatus] = useState<LoginStatus>(code === null ? 'idle' : 'exchanging');
  const handledCode = useRef<string | null>(null);
  const hydrated = useHydrated();
  const redirectUri = `${settings.webUrl.replace(/\/+$/, '')}${paths.login.to()}`;

  useEffect(() => {
    if (code === null || handledCode.current === code) return;
    handledCode.current = code;
    // The code and state leave the address bar at once: a reload must not replay them.
    void navigate(paths.login.to(), { replace: true });
    if (!takeOauthState(storage, returnedState)) {
      setStatus('mismatch');
      return;
    }
    setStatus('exchanging');
    void services.api.exchangeLoginCode({ code, redirectTo: redirectUri }).then((result) => {
      if ('error' in result) {
        setStatus('failed');
        return;
      }
      try {
        const { session: tokens, profile } = result.data;
        const newSession = createSession({ idToken: tokens.id_token, accessToken: tokens.access_token, refreshToken: tokens.refresh_token, profile });
        saveSession(storage, newSession);
        dispatch(signedIn(newSession));
      } catch {
        setStatus('failed');
        return;
      }
      const returnPath = storage.getItem(RETURN_PATH_KEY);
      storage.removeItem(RETURN_PATH_KEY);
      void navigate(isSafeReturnPath(returnPath) ? returnPath : HOME_PATH, { replace: true });
    }, () => {
      // The API client's code did not arrive (lib/lazy-api-client.ts): said, with a way to try again.
      setStatus('failed');
    });
  }, [code, returnedState, storage, services.api, redirectUri, dispatch, navigate]);

  // Already signed in (a LIFF session, or back from LINE in another tab): go where the citizen was.
  useEffect(() => {
    if (session === null || code !== null || status !== 'idle') return;
    const returnPath = storage.getItem(RETURN_PATH_KEY);
    if (!isSafeReturnPath(returnPath)) return;
    storage.removeItem(RETURN_PATH_KEY);
    void navigate(returnPath, { replace: true });
  }, [session, code, status, storage, navigate]);

  const login = () => {
    if (services.inLiff && services.liffLogin !== undefined) {
      services.liffLogin();
      return;
    }
    services.navigateAway(startWebLogin(storage, { authorizeUrl: runtime.lineAuthorizeUrl, clientId: settings.loginAppId, redirectUri }));
  };

  if (status === 'exchanging') {
    return (
      <PageLayout title={messages.loginTitle}>
        <Loading label={messages.loggingIn} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={messages.loginTitle}>
      {status === 'mismatch' ? <Notice tone="error">{messages.loginStateMismatch}</Notice> : null}
      {status === 'failed' ? <Notice tone="error">{messages.loginFailed}</Notice> : null}
      {session !== null && status === 'idle' ? (
        <>
          <p>{messages.loggedInAs(session.profile.displayName)}</p>
          <p>
            <Link to={HOME_PATH}>{messages.goHome}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{messages.loginLead}</p>
          {/* Until the app has taken over the server's HTML, a tap would be lost: the button waits. */}
          <Button onClick={login} disabled={!hydrated}>
            {status === 'idle' ? messages.loginWithLine : messages.loginAgain}
          </Button>
        </>
      )}
    </PageLayout>
  );
}
