import type { SurveyConfig } from '@city/survey-core';
import { Notice, PageLayout } from '@city/ui';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadFailure } from './load-failure.js';
import { ScreenLoading } from './screen-loading.js';
import { paths } from '../config/paths.js';
import { messageForScreen } from '../lib/api-errors.js';
import { memberMessages } from '../member-messages.js';
import { messages } from '../messages.js';
import { useGetSurveyConfigQuery } from '../store/api-slice.js';
import { useGetMemberCardQuery } from '../store/members-api.js';

/**
 * Above the registration form: while changing, that the number stays; otherwise, for a membership
 * whose paper cards staff imported, the way to take one over instead of registering anew.
 */
export function MemberFormLead({ config, editing, next }: { config: SurveyConfig; editing: boolean; next: string | undefined }) {
  if (editing) return <Notice>{memberMessages.changingNotice}</Notice>;
  const name = config.membership?.name ?? '';
  if (config.lookupItemKeys === undefined || config.lookupItemKeys.length === 0) return null;
  return (
    <section className="app-aside" aria-label={memberMessages.haveAPaperCard(name)}>
      <p>{memberMessages.haveAPaperCardLead}</p>
      <Link className="city-button city-button--secondary" to={paths.claim.to(config.surveyId, next)}>
        {memberMessages.haveAPaperCard(name)}
      </Link>
    </section>
  );
}

/**
 * A members-only survey's form, shown to members only: anyone else is told why and led to the
 * registration, which brings them back here (`next`) once it is done. The server refuses them
 * all the same (403 membership_required); this only spares them a form they cannot send.
 */
export function MembersOnlyGate({ config, membershipSurveyId, children }: { config: SurveyConfig; membershipSurveyId: string; children: ReactNode }) {
  const location = useLocation();
  const card = useGetMemberCardQuery(membershipSurveyId, { refetchOnMountOrArgChange: true });
  const membership = useGetSurveyConfigQuery(membershipSurveyId);
  const title = config.surveyTitle ?? messages.appTitle;
  if (card.isError || membership.isError) {
    const failed = card.isError ? card : membership;
    return (
      <PageLayout title={title}>
        <LoadFailure message={messageForScreen(failed.error)} onRetry={() => void failed.refetch()} />
      </PageLayout>
    );
  }
  if (card.currentData === undefined || membership.currentData === undefined) return <ScreenLoading label={memberMessages.membershipLoading} />;
  if (card.currentData !== null) return children;
  const name = membership.currentData.membership?.name ?? membership.currentData.surveyTitle ?? '';
  return (
    <PageLayout title={title}>
      <Notice tone="warning" title={memberMessages.membersOnlyTitle}>
        {memberMessages.membersOnly(name)}
      </Notice>
      <div className="app-actions">
        <Link className="city-button city-button--primary" to={paths.member.to(membershipSurveyId, location.pathname)}>
          {memberMessages.toRegistration(name)}
        </Link>
      </div>
    </PageLayout>
  );
}
