import { registrationForm } from '@city/survey-core';
import { MemberCard } from '@city/ui/member-card';
import { Button, Dialog, Notice, PageLayout, SurveyConfirm } from '@city/ui';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { ScreenLoading } from '../../components/screen-loading.js';
import { nextPathOf, paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { recordsOf } from '../../lib/records.js';
import { memberMessages } from '../../member-messages.js';
import { useGetRecordsQuery, useGetSurveyConfigQuery } from '../../store/api-slice.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { useGetMemberCardQuery, useWithdrawMembershipMutation } from '../../store/members-api.js';
import { selectSurvey } from '../../store/survey-slice.js';
import { startEdit, startNewAnswer } from '../../store/survey-thunks.js';

/**
 * The member's screen (`/member-confirmList/{id}`): the digital member card to show at the
 * counter, the registration, and changing it or withdrawing. A citizen who is not (or no longer)
 * a member is offered the registration, and the claiming of a paper card.
 */
export function MemberCardPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const next = nextPathOf(search);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const survey = useAppSelector(selectSurvey);
  const configQuery = useGetSurveyConfigQuery(id);
  // Asked afresh on every visit: staff may have changed the registration since.
  const card = useGetMemberCardQuery(id, { refetchOnMountOrArgChange: true });
  const records = useGetRecordsQuery(id, { refetchOnMountOrArgChange: true });
  const [withdraw, withdrawal] = useWithdrawMembershipMutation();
  const [asking, setAsking] = useState(false);
  const [withdrawnNumber, setWithdrawnNumber] = useState<string>();

  const config = configQuery.currentData;
  const failed = [configQuery, card, records].find((query) => query.isError);
  if (failed !== undefined) {
    return (
      <PageLayout title={memberMessages.cardTitle}>
        <LoadFailure message={messageForScreen(failed.error)} onRetry={() => void failed.refetch()} />
      </PageLayout>
    );
  }
  if (config === undefined || card.currentData === undefined || records.currentData === undefined) return <ScreenLoading label={memberMessages.cardLoading} />;
  const membership = config.membership;
  // Not a member survey: its records are on the survey's own list.
  if (membership === undefined) return <Navigate to={paths.confirmList.to(id)} replace />;

  const registerAgain = (
    <div className="app-actions">
      <Link className="city-button city-button--primary" to={paths.member.to(id, next)} onClick={() => void dispatch(startNewAnswer())}>
        {memberMessages.registerNow}
      </Link>
      {config.lookupItemKeys !== undefined && config.lookupItemKeys.length > 0 ? (
        <Link className="city-button city-button--secondary" to={paths.claim.to(id, next)}>
          {memberMessages.haveAPaperCard(membership.name)}
        </Link>
      ) : null}
    </div>
  );
  if (withdrawnNumber !== undefined) {
    return (
      <PageLayout title={memberMessages.cardTitle}>
        <Notice>{memberMessages.withdrawn(withdrawnNumber)}</Notice>
        {registerAgain}
      </PageLayout>
    );
  }
  const memberCard = card.currentData;
  if (memberCard === null) {
    return (
      <PageLayout title={memberMessages.cardTitle}>
        <p>{memberMessages.notRegistered(membership.name)}</p>
        {registerAgain}
      </PageLayout>
    );
  }

  const own = records.currentData.flatMap((found) => recordsOf(found.config, found.rows, found.receipts)).find((view) => view.record.partitionKey === memberCard.partitionKey);
  const justSent = survey.reservationComplite && survey.completedSurveyId === id;
  // Set by the member confirm screen: the registration just sent was a change of it.
  const arrival = location.state as { changed?: boolean; claimed?: boolean } | null;
  const changed = arrival?.changed === true;
  // Set by the claim screen: the card was just taken over.
  const claimed = arrival?.claimed === true;
  const change = () => {
    if (own === undefined) return;
    void dispatch(startEdit({ config, record: own.record }));
    void navigate(paths.member.to(id, next));
  };
  const confirmWithdrawal = async () => {
    const result = await withdraw({ surveyId: id, partitionKey: memberCard.partitionKey });
    setAsking(false);
    if (result.error === undefined) {
      // The registration is gone: a later visit to the form starts a new one.
      void dispatch(startNewAnswer());
      setWithdrawnNumber(memberCard.memberNumber);
    }
  };

  return (
    <PageLayout title={memberMessages.cardTitle}>
      {justSent ? <Notice>{changed ? memberMessages.changed : memberMessages.registered}</Notice> : null}
      {claimed ? <Notice>{memberMessages.claimed}</Notice> : null}
      {/* Above the card: on a phone the card fills the screen, and this is where the citizen was going. */}
      {next === undefined ? null : (
        <div className="app-actions">
          <Link className="city-button city-button--primary" to={next}>
            {memberMessages.backToBooking}
          </Link>
        </div>
      )}
      <MemberCard membershipName={memberCard.membershipName} memberNumber={memberCard.memberNumber} name={memberCard.name} issuedOn={memberCard.issuedOn} />
      {own === undefined ? null : (
        <section className="app-section" aria-label={memberMessages.registrationDetails}>
          <h2 className="app-section-title">{memberMessages.registrationDetails}</h2>
          <SurveyConfirm config={registrationForm(config)} answers={own.answers} />
        </section>
      )}
      {withdrawal.isError ? <Notice tone="error">{messageForScreen(withdrawal.error)}</Notice> : null}
      <div className="app-actions">
        <Button variant="secondary" onClick={change} disabled={own === undefined || withdrawal.isLoading}>
          {memberMessages.change}
        </Button>
        <Button variant="danger" onClick={() => {
            setAsking(true);
          }} disabled={withdrawal.isLoading} aria-busy={withdrawal.isLoading}>
          {withdrawal.isLoading ? memberMessages.withdrawing : memberMessages.withdraw}
        </Button>
      </div>
      <Dialog
        open={asking}
        title={memberMessages.withdrawTitle}
        confirmLabel={memberMessages.withdrawDo}
        cancelLabel={memberMessages.withdrawBack}
        danger
        onConfirm={() => void confirmWithdrawal()}
        onCancel={() => {
          setAsking(false);
        }}
      >
        <p>{memberMessages.withdrawLead(memberCard.memberNumber)}</p>
      </Dialog>
    </PageLayout>
  );
}
