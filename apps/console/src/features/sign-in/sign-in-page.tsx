import { Loading, Notice } from '@city/ui';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SignInReturn } from '../../components/require-session.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { selectSession, selectSessionChecked, selectSessionEnd } from '../../store/session-slice.js';
import { useStaffSessionQuery, useStaffSignOutMutation } from '../../store/staff-api.js';
import { CodeStep } from './code-step.js';
import { EnrolmentStep } from './enrolment-step.js';
import { PasswordStep } from './password-step.js';

/** Only our own pages are returned to (never the sign-in screen itself). */
function returnPathOf(state: unknown): string {
  const from = (state as SignInReturn | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.signIn.to()) ? from : paths.surveys.to();
}

/**
 * Sign-in: login id and password, then the second factor the session asks for (a TOTP code, or
 * enrolling an authenticator first). A session that ended (idle timeout) is said here.
 */
export function SignInPage() {
  const session = useAppSelector(selectSession);
  const checked = useAppSelector(selectSessionChecked);
  const ended = useAppSelector(selectSessionEnd);
  const [signOut] = useStaffSignOutMutation();
  const location = useLocation();
  // A reload in the middle of signing in continues at the step the server's session is at.
  useStaffSessionQuery(undefined, { skip: checked });
  useDocumentTitle(messages.signInTitle);
  const heading = useRef<HTMLHeadingElement>(null);
  const stage = session?.stage;
  useEffect(() => {
    // Each step's heading takes the focus, so a screen reader says where the staff member is; the
    // code step's one field takes it instead (CodeStep), ready for the six digits.
    if (stage !== 'second_factor') heading.current?.focus();
  }, [stage]);

  if (stage === 'signed_in') return <Navigate to={returnPathOf(location.state)} replace />;
  const title = stage === 'second_factor' ? messages.secondFactorTitle : stage === 'totp_enrolment' ? messages.enrolmentTitle : messages.signInTitle;
  // Ends the half-signed-in session on the server too, then asks for the password again.
  const startOver = () => {
    void signOut(undefined);
  };
  return (
    <section className="console-sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {ended === 'expired' ? <Notice tone="warning">{messages.sessionExpired}</Notice> : null}
      {ended === 'required' ? <Notice tone="warning">{messages.sessionRequired}</Notice> : null}
      {!checked ? <Loading label={messages.loading} /> : null}
      {checked && stage === undefined ? <PasswordStep /> : null}
      {stage === 'second_factor' ? <CodeStep lead={messages.secondFactorLead} onStartOver={startOver} focusOnShow /> : null}
      {stage === 'totp_enrolment' ? <EnrolmentStep onStartOver={startOver} /> : null}
    </section>
  );
}
