import { isClosedCheckStatus } from '@city/survey-core';
import { Button, Loading, Notice, PageLayout, SurveyConfirm } from '@city/ui';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { startEdit } from '../../store/survey-thunks.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { cancelChosen, selectSelectedRecordKey } from './records-slice.js';
import { useRecordInHand } from './use-record-in-hand.js';

/** One record in full (`/confirmDetails`), with the way to change or cancel it. */
export function DetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const key = useAppSelector(selectSelectedRecordKey);
  const { found, loading } = useRecordInHand(key);

  if (loading) return <Loading />;
  if (key === null || found === undefined) return <NoRecordInHand title={messages.detailsTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosedCheckStatus(record.check);
  return (
    <PageLayout title={messages.detailsTitle}>
      <p className="app-record__status" data-status={record.check}>
        {messages.status}: {record.check}
      </p>
      <SurveyConfirm config={config} answers={view.answers} />
      {closed ? <Notice>{messages.closedRecord}</Notice> : null}
      <div className="app-actions">
        <Button
          variant="secondary"
          disabled={closed}
          onClick={() => {
            void dispatch(startEdit({ config, record }));
            void navigate(paths.survey.to(record.surveyId));
          }}
        >
          {messages.edit}
        </Button>
        <Button
          variant="danger"
          disabled={closed}
          onClick={() => {
            dispatch(cancelChosen({ surveyId: record.surveyId, partitionKey: record.partitionKey, list: key.list }));
            void navigate(paths.cancelConfirm.to(record.surveyId));
          }}
        >
          {messages.cancelRecord}
        </Button>
      </div>
      <p>
        <Link to={paths.confirmList.to(record.surveyId)}>{messages.backToList}</Link>
      </p>
    </PageLayout>
  );
}
