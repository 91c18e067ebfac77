import { Button } from '@city/ui';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../config/paths.js';
import { messages } from '../messages.js';
import { useAppSelector } from '../store/hooks.js';
import { mayTake, selectSession } from '../store/session-slice.js';
import { useStaffSignOutMutation } from '../store/staff-api.js';
import { useIdleCheck } from './use-idle-check.js';

/** Every screen's frame: a skip link, the header with the menu and who is signed in, the screen. */
export function ConsoleLayout() {
  const session = useAppSelector(selectSession);
  const [signOut, signingOut] = useStaffSignOutMutation();
  useIdleCheck();
  return (
    <div className="console city-root">
      <a className="console-skip" href="#main">
        {messages.skipToContent}
      </a>
      <header className="console-header">
        <p className="console-header__title">{messages.appTitle}</p>
        {session?.stage === 'signed_in' ? (
          <>
            <nav aria-label={messages.mainNavigation} className="console-nav">
              <NavLink to={paths.surveys.to()} end>
                {messages.navSurveys}
              </NavLink>
              {mayTake(session, 'audit.readAll') ? <NavLink to={paths.audit.to()}>{messages.navAudit}</NavLink> : null}
            </nav>
            <p className="console-header__who">{messages.signedInAs(session.staff.displayName, messages.roles[session.staff.role])}</p>
            <Button
              variant="secondary"
              className="console-header__sign-out"
              disabled={signingOut.isLoading}
              onClick={() => {
                void signOut(undefined);
              }}
            >
              {messages.signOut}
            </Button>
          </>
        ) : null}
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
