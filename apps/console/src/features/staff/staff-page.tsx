import { Button, Loading, Notice } from '@city/ui';
import { useEffect, useRef, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffMember } from '../../store/staff-api.js';
import { useStaffMembersQuery, useStaffUnlockMutation } from '../../store/staff-api.js';

/**
 * `/staff`: the staff accounts, for administrators (`staff.manage`): who, role, teams, whether an
 * authenticator is enrolled and whether the account is locked, with an unlock for a locked one.
 */
export function StaffPage() {
  useDocumentTitle(messages.staffTitle);
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'staff.manage');
  // Fresh each time the page opens: an account may have locked itself meanwhile.
  const members = useStaffMembersQuery(undefined, { skip: !allowed, refetchOnMountOrArgChange: true });
  const [unlock, unlocking] = useStaffUnlockMutation();
  const [done, setDone] = useState('');
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The button pressed goes with the lock: the focus goes to what the unlock says instead.
  useEffect(() => {
    if (done !== '') doneRef.current?.focus();
  }, [done]);

  const unlockMember = async (member: StaffMember) => {
    setDone('');
    const outcome = await unlock({ staffId: member.staffId });
    if ('data' in outcome) setDone(messages.staffUnlocked(member.displayName, member.loginId));
  };

  return (
    <>
      <h1>{messages.staffTitle}</h1>
      {allowed ? <p>{messages.staffLockedLead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      <div role="status">
        {done === '' ? null : (
          <p ref={doneRef} tabIndex={-1} className="console-done">
            {done}
          </p>
        )}
      </div>
      {unlocking.error === undefined ? null : <CallFailure error={unlocking.error} />}
      {members.error === undefined ? null : (
        <CallFailure
          error={members.error}
          onRetry={() => {
            void members.refetch();
          }}
        />
      )}
      {members.isLoading ? <Loading label={messages.loading} /> : null}
      {members.data?.length === 0 ? <p>{messages.staffEmpty}</p> : null}
      {members.data !== undefined && members.data.length > 0 ? (
        <div className="console-table-scroll">
          <table className="console-table">
            <caption className="city-visually-hidden">{messages.staffTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{messages.staffLoginId}</th>
                <th scope="col">{messages.staffName}</th>
                <th scope="col">{messages.staffRole}</th>
                <th scope="col">{messages.staffTeams}</th>
                <th scope="col">{messages.staffTotp}</th>
                <th scope="col">{messages.staffState}</th>
                <th scope="col">{messages.actionsColumn}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <tr key={member.staffId}>
                  <th scope="row" className="console-nowrap">
                    {member.loginId}
                  </th>
                  <td>{member.displayName}</td>
                  <td className="console-nowrap">{messages.roles[member.role]}</td>
                  <td>{member.teams.map((team) => team.name).join('、')}</td>
                  <td className="console-nowrap">{member.totpEnrolled ? messages.staffTotpEnrolled : messages.staffTotpNotEnrolled}</td>
                  <td className="console-nowrap">{member.locked ? <strong className="console-locked">{messages.staffLocked}</strong> : messages.staffActive}</td>
                  <td>
                    {member.locked ? (
                      <Button
                        variant="secondary"
                        disabled={unlocking.isLoading}
                        aria-label={messages.staffUnlockLabel(member.displayName)}
                        onClick={() => {
                          void unlockMember(member);
                        }}
                      >
                        {messages.staffUnlock}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
