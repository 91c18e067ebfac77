import { registrationForm } from '@city/survey-core';
import { BOOKING_ERROR_CODES, MEMBER_ERROR_CODES, PAYMENT_ERROR_CODES } from '@city/api-client';
import { Button, Loading, Notice, OrderSummary, PageLayout, SurveyConfirm, uiMessages } from '@city/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { NothingToShow } from '../../components/nothing-to-show.js';
import { nextPathOf, paths } from '../../config/paths.js';
import { memberMessages } from '../../member-messages.js';
import { messages } from '../../messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useGetSurveyConfigQuery } from '../../store/api-slice.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { selectSurvey } from '../../store/survey-slice.js';
import { useBookings } from '../../store/use-bookings.js';
import { paymentClosed } from './payment-closed.js';
import { priceForDisplay } from './price-for-display.js';
import { returnToCalendarAfterSlotLost } from './slot-lost.js';
import { backFromPaymentPage, selectSubmitError, selectSubmitStatus, submitSurvey } from './submission-slice.js';

/** The member confirm screen (`/member-confirm/{id}`): check the registration, then register. */
export function MemberConfirmPage() {
  return <ConfirmPage flow="member" />;
}

/**
 * The confirm screens (`/confirm` for the survey in hand, `/confirm/{id}`): check, then send. As
 * the member confirm (`flow="member"`), a registration goes on to the member card.
 */
export function ConfirmPage({ flow = 'survey' }: { flow?: 'survey' | 'member' }) {
  const params = useParams();
  const [search] = useSearchParams();
  const next = nextPathOf(search);
  const member = flow === 'member';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const survey = useAppSelector(selectSurvey);
  const submitStatus = useAppSelector(selectSubmitStatus);
  const submitError = useAppSelector(selectSubmitError);
  const surveyId = params.id ?? survey.surveyId ?? undefined;
  const hasAnswers = surveyId !== undefined && survey.surveyId === surveyId && Object.keys(survey.surveyInput).length > 0;
  // The configuration the form used (in hand): asked for only when there are answers to show.
  const configQuery = useGetSurveyConfigQuery(hasAnswers ? surveyId : skipToken);
  const config = configQuery.currentData;
  const shown = useMemo(() => (config === undefined ? [] : [{ config, answers: survey.surveyInput }]), [config, survey.surveyInput]);
  const bookings = useBookings(shown);
  // What the answers buy, priced from the survey's own products for display: the server prices
  // the order again and charges only its own figure. Editing the answers makes this change too.
  useEffect(() => {
    // Back from the provider's page, a page restored from the browser's cache would still be
    // "on its way to the payment page", with its button disabled for good.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(backFromPaymentPage());
    };
    window.addEventListener('pageshow', restored);
    return () => {
      window.removeEventListener('pageshow', restored);
    };
  }, [dispatch]);
  const priced = useMemo(() => (config === undefined ? undefined : priceForDisplay(config.surveySchema, survey.surveyInput)), [config, survey.surveyInput]);

  if (!hasAnswers || (config === undefined && !configQuery.isFetching)) {
    // Opened with nothing to confirm (a bookmark, a reload): back to the form when the survey is
    // known, and always to the survey list (inside LINE there is no address bar to leave by).
    return (
      <NothingToShow
        title={messages.confirmTitle}
        message={member ? memberMessages.noRegistrationToConfirm : messages.noAnswersToConfirm}
        primary={
          surveyId === undefined
            ? undefined
            : { to: member ? paths.member.to(surveyId, next) : paths.survey.to(surveyId), label: member ? memberMessages.toRegistrationForm : messages.toSurvey }
        }
      />
    );
  }
  if (config === undefined) return <Loading label={messages.surveyLoading} />;

  const sending = submitStatus === 'sending' || submitStatus === 'paying';
  // A paid record's change buys what was paid for: nothing more to pay, it is simply sent.
  const paying = priced !== undefined && config.cancelPost !== true && !survey.editingPaidRecord;
  const editing = survey.inEditingAppendingMode;
  const send = async () => {
    const result = await dispatch(submitSurvey());
    if (submitSurvey.fulfilled.match(result)) {
      // A hold has already sent the page to the payment provider.
      if (result.payload.payment !== null) return;
      // The card says whether this was a registration or a change of one.
      if (member) void navigate(paths.memberConfirmList.to(surveyId, next), { replace: true, state: { changed: editing } });
      else void navigate(paths.receipt.to(), { replace: true });
    } else if (result.payload?.code === BOOKING_ERROR_CODES.slotFull) {
      // Someone else took the last units: back to the calendar with fresh counts (other booking
      // refusals show the server's message here).
      const back = await dispatch(returnToCalendarAfterSlotLost(result.payload));
      if (returnToCalendarAfterSlotLost.fulfilled.match(back)) void navigate(back.payload, { replace: true });
    } else if (result.payload?.code === MEMBER_ERROR_CODES.membershipRequired) {
      // Not (or no longer) a member: the form says so and leads to the registration, and back.
      void navigate(paths.survey.to(surveyId), { replace: true });
    } else if (result.payload?.code === PAYMENT_ERROR_CODES.orderClosed) {
      // The payment under this submission's key has ended: show how it ended, never its dead page.
      const ended = await dispatch(paymentClosed());
      if (paymentClosed.fulfilled.match(ended) && ended.payload !== null) void navigate(ended.payload, { replace: true });
    }
  };
  const confirmLead = () => {
    if (member) return editing ? memberMessages.confirmChangeLead : memberMessages.confirmLead;
    return paying ? paymentMessages.confirmPayLead : messages.confirmLead;
  };
  const submitLabel = () => {
    if (submitStatus === 'paying') return paymentMessages.movingToPayment;
    if (sending) return member ? memberMessages.registering : messages.sending;
    if (paying) return paymentMessages.toPayment;
    return member ? memberMessages.register : uiMessages.submit;
  };
  const back = () => {
    // Back to the form the citizen came from; a confirm screen opened directly has none.
    if (location.key === 'default') void navigate(member ? paths.member.to(surveyId, next) : paths.survey.to(surveyId));
    else void navigate(-1);
  };

  return (
    <PageLayout title={messages.confirmTitle}>
      <p>{confirmLead()}</p>
      {survey.inEditingAppendingMode && !member ? <Notice>{messages.editingNotice}</Notice> : null}
      <BookingSummaries views={[...bookings.views.values()]} />
      <SurveyConfirm config={registrationForm(config)} answers={survey.surveyInput} slotLabel={bookings.label} />
      {priced === undefined ? null : (
        <>
          <OrderSummary lines={priced.lines} total={priced.total} />
          <p className="app-note">{survey.editingPaidRecord ? paymentMessages.paidCarriesOver : paymentMessages.priceNote}</p>
        </>
      )}
      {submitStatus === 'failed' && submitError !== null ? <Notice tone="error">{submitError}</Notice> : null}
      <div className="app-actions">
        <Button variant="secondary" onClick={back} disabled={sending}>
          {uiMessages.back}
        </Button>
        <Button onClick={() => void send()} disabled={sending} aria-busy={sending}>
          {submitLabel()}
        </Button>
      </div>
    </PageLayout>
  );
}
