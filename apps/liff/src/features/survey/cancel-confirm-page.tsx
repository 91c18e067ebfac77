import { Button, Notice, PageLayout, SurveyConfirm, useToast } from '@city/ui';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { cancelRecord, findRecord } from './lookup-slice.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { isClosed } from './records.js';

/** Cancel confirmation (`/cancelConfirm`, `/cancelConfirm/{id}`): what will be cancelled, then cancel. */
export function CancelConfirmPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const showToast = useToast();
  const { selectedValuesForCancel: key, recordsBySurvey, cancelStatus, cancelError } = useAppSelector((state) => state.lookup);
  const found = findRecord(recordsBySurvey, key);

  if (found === undefined) return <NoRecordInHand title={messages.cancelTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosed(record.check);
  const cancelling = cancelStatus === 'cancelling';
  const cancel = async () => {
    const result = await dispatch(cancelRecord({ surveyId: record.surveyId, partitionKey: record.partitionKey }));
    if (cancelRecord.fulfilled.match(result)) {
      showToast(messages.cancelled);
      void navigate(paths.surveyConfirmList.to(record.surveyId), { replace: true });
    }
  };
  return (
    <PageLayout title={messages.cancelTitle}>
      {closed ? <Notice>{messages.closedRecord}</Notice> : <p>{messages.cancelLead}</p>}
      <SurveyConfirm config={config} answers={view.answers} />
      {cancelStatus === 'failed' && cancelError !== null ? <Notice tone="error">{cancelError}</Notice> : null}
      <div className="app-actions">
        <Button
          variant="secondary"
          disabled={cancelling}
          onClick={() => {
            void navigate(paths.confirmDetails.to(), { replace: true });
          }}
        >
          {messages.cancelBack}
        </Button>
        <Button variant="danger" disabled={cancelling || closed} aria-busy={cancelling} onClick={() => void cancel()}>
          {cancelling ? messages.cancelling : messages.cancelDo}
        </Button>
      </div>
    </PageLayout>
  );
}
