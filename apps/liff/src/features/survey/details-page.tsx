import { Button, Notice, PageLayout, SurveyConfirm } from '@city/ui';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { cancelChosen, findRecord } from './lookup-slice.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { isClosed } from './records.js';
import { editStarted } from './survey-slice.js';

/** One record in full (`/confirmDetails`), with the way to change or cancel it. */
export function DetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const key = useAppSelector((state) => state.lookup.selectedRecordKey);
  const recordsBySurvey = useAppSelector((state) => state.lookup.recordsBySurvey);
  const found = findRecord(recordsBySurvey, key);

  if (found === undefined) return <NoRecordInHand title={messages.detailsTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosed(record.check);
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
            dispatch(editStarted({ config, record }));
            void navigate(paths.survey.to(record.surveyId));
          }}
        >
          {messages.edit}
        </Button>
        <Button
          variant="danger"
          disabled={closed}
          onClick={() => {
            dispatch(cancelChosen({ surveyId: record.surveyId, partitionKey: record.partitionKey }));
            void navigate(paths.surveyCancelConfirm.to(record.surveyId));
          }}
        >
          {messages.cancelRecord}
        </Button>
      </div>
      <p>
        <Link to={paths.surveyConfirmList.to(record.surveyId)}>{messages.backToList}</Link>
      </p>
    </PageLayout>
  );
}
