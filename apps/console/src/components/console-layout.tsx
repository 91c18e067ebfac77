import { Button } from '@city/ui';
import type { MouseEvent } from 'react';
import { NavLink, Outlet, useMatches } from 'react-router';
import { paths } from '../config/paths.js';
import { messages } from '../messages.js';
import { useAppSelector } from '../store/hooks.js';
import { mayTake, selectSession } from '../store/session-slice.js';
import { useStaffSignOutMutation } from '../store/staff-api.js';
import type { ConsoleRouteHandle } from './skip-targets.js';
import { focusTarget, MAIN_TARGET_ID, RESULTS_TARGET_ID } from './skip-targets.js';
import { useIdleCheck } from './use-idle-check.js';

/**
 * A link past the header (and, on the results list, past the filter) to the content. It moves the
 * focus itself: a bare #fragment would leave the router's address and history with a hash.
 */
function SkipLink({ target, children }: { target: string; children: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusTarget(target);
  };
  return (
    <a className="console-skip" href={`#${target}`} onClick={skip}>
      {children}
    </a>
  );
}

/** Every screen's frame: skip links, the header with the menu and who is signed in, the screen. */
export function ConsoleLayout() {
  const session = useAppSelector(selectSession);
  // The results list's filter has some forty fields: its own link, first, leads past them to the records.
  const skipToResults = useMatches().some((match) => (match.handle as ConsoleRouteHandle | undefined)?.skipToResults === true);
  const [signOut, signingOut] = useStaffSignOutMutation();
  useIdleCheck();
  return (
    <div className="console city-root">
      {skipToResults ? <SkipLink target={RESULTS_TARGET_ID}>{messages.skipToResults}</SkipLink> : null}
      <SkipLink target={MAIN_TARGET_ID}>{messages.skipToContent}</SkipLink>
      <header className="console-header">
        <p className="console-header__title">{messages.appTitle}</p>
        {session?.stage === 'signed_in' ? (
          <>
            <nav aria-label={messages.mainNavigation} className="console-nav">
              <NavLink to={paths.surveys.to()} end>
                {messages.navSurveys}
              </NavLink>
              {mayTake(session, 'audit.readAll') ? <NavLink to={paths.audit.to()}>{messages.navAudit}</NavLink> : null}
              <NavLink to={paths.orders.to()}>{messages.orders.nav}</NavLink>
              {mayTake(session, 'staff.manage') ? <NavLink to={paths.staff.to()}>{messages.navStaff}</NavLink> : null}
              {mayTake(session, 'settings.edit') ? <NavLink to={paths.receiptIssuer.to()}>{messages.navIssuer}</NavLink> : null}
              {mayTake(session, 'calendars.edit') ? <NavLink to={paths.calendars.to()}>{messages.calendarAdmin.nav}</NavLink> : null}
              {mayTake(session, 'audit.readAll') ? <NavLink to={paths.recount.to()}>{messages.recount.nav}</NavLink> : null}
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
      <main id={MAIN_TARGET_ID} className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
