import { answersFromRows } from '@city/survey-core';
import { Button, Notice, PageLayout, SurveyConfirm } from '@city/ui';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { cancelChosen } from './lookup-slice.js';
import { isClosed } from './records.js';
import { editStarted } from './survey-slice.js';

/** One record in full (`/confirmDetails`), with the way to change or cancel it. */
export function DetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const record = useAppSelector((state) => state.survey.selectedSurveyResults);
  const config = useAppSelector((state) => (record === null ? undefined : state.lookup.recordsBySurvey[record.surveyId]?.config));

  if (record === null || config === undefined) {
    return (
      <PageLayout title={messages.detailsTitle}>
        <Notice>{messages.noSelectedRecord}</Notice>
        <Link to={paths.confirmSearchForm.to()}>{messages.searchTitle}</Link>
      </PageLayout>
    );
  }
  const closed = isClosed(record.check);
  return (
    <PageLayout title={messages.detailsTitle}>
      <p className="app-record__status" data-status={record.check}>
        {messages.status}: {record.check}
      </p>
      <SurveyConfirm config={config} answers={answersFromRows(config.surveySchema, record.rows)} />
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
            dispatch(cancelChosen(record));
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
