import { answersFromRows } from '@city/survey-core';
import { Button, Notice, PageLayout, SurveyConfirm, useToast } from '@city/ui';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { cancelRecord } from './lookup-slice.js';

/** Cancel confirmation (`/cancelConfirm`, `/cancelConfirm/{id}`): what will be cancelled, then cancel. */
export function CancelConfirmPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const showToast = useToast();
  const { selectedValuesForCancel: record, cancelStatus, cancelError } = useAppSelector((state) => state.lookup);
  const config = useAppSelector((state) => (record === null ? undefined : state.lookup.recordsBySurvey[record.surveyId]?.config));

  if (record === null || config === undefined) {
    return (
      <PageLayout title={messages.cancelTitle}>
        <Notice>{messages.noSelectedRecord}</Notice>
        <Link to={paths.confirmSearchForm.to()}>{messages.searchTitle}</Link>
      </PageLayout>
    );
  }
  const cancelling = cancelStatus === 'cancelling';
  const cancel = async () => {
    const result = await dispatch(cancelRecord(record));
    if (cancelRecord.fulfilled.match(result)) {
      showToast(messages.cancelled);
      void navigate(paths.surveyConfirmList.to(record.surveyId), { replace: true });
    }
  };
  return (
    <PageLayout title={messages.cancelTitle}>
      <p>{messages.cancelLead}</p>
      <SurveyConfirm config={config} answers={answersFromRows(config.surveySchema, record.rows)} />
      {cancelStatus === 'failed' && cancelError !== null ? <Notice tone="error">{cancelError}</Notice> : null}
      <div className="app-actions">
        <Button
          variant="secondary"
          disabled={cancelling}
          onClick={() => {
            void navigate(paths.confirmDetails.to());
          }}
        >
          {messages.cancelBack}
        </Button>
        <Button variant="danger" disabled={cancelling} aria-busy={cancelling} onClick={() => void cancel()}>
          {cancelling ? messages.cancelling : messages.cancelDo}
        </Button>
      </div>
    </PageLayout>
  );
}
