import { isClosedCheckStatus } from '@city/survey-core';
import { Button, Loading, Notice, PageLayout, SurveyConfirm, useToast } from '@city/ui';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { messages } from '../../messages.js';
import { useCancelRecordMutation } from '../../store/api-slice.js';
import { useAppSelector } from '../../store/hooks.js';
import { useBookings } from '../../store/use-bookings.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { selectValuesForCancel } from './records-slice.js';
import { useRecordInHand } from './use-record-in-hand.js';

/** Cancel confirmation (`/cancelConfirm`, `/cancelConfirm/{id}`): what will be cancelled, then cancel. */
export function CancelConfirmPage() {
  const navigate = useNavigate();
  const showToast = useToast();
  const key = useAppSelector(selectValuesForCancel);
  const { found, loading } = useRecordInHand(key);
  const [cancelRecord, cancellation] = useCancelRecordMutation();
  const shown = useMemo(() => (found === undefined ? [] : [{ config: found.config, answers: found.view.answers }]), [found]);
  const bookings = useBookings(shown);

  if (loading) return <Loading />;
  if (found === undefined) return <NoRecordInHand title={messages.cancelTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosedCheckStatus(record.check);
  const cancelError = cancellation.isError ? messageForScreen(cancellation.error) : null;
  const cancel = async () => {
    const result = await cancelRecord({ surveyId: record.surveyId, partitionKey: record.partitionKey });
    if (result.error === undefined) {
      showToast(messages.cancelled);
      void navigate(paths.confirmList.to(record.surveyId), { replace: true });
    }
  };
  return (
    <PageLayout title={messages.cancelTitle}>
      {closed ? <Notice>{messages.closedRecord}</Notice> : <p>{messages.cancelLead}</p>}
      <BookingSummaries views={[...bookings.views.values()]} check={record.check} />
      <SurveyConfirm config={config} answers={view.answers} slotLabel={bookings.label} />
      {cancelError !== null ? <Notice tone="error">{cancelError}</Notice> : null}
      <div className="app-actions">
        <Button
          variant="secondary"
          disabled={cancellation.isLoading}
          onClick={() => {
            void navigate(paths.confirmDetails.to(), { replace: true });
          }}
        >
          {messages.cancelBack}
        </Button>
        <Button variant="danger" disabled={cancellation.isLoading || closed} aria-busy={cancellation.isLoading} onClick={() => void cancel()}>
          {cancellation.isLoading ? messages.cancelling : messages.cancelDo}
        </Button>
      </div>
    </PageLayout>
  );
}
