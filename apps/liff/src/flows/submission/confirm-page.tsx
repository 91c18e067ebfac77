import { Button, Loading, Notice, PageLayout, SurveyConfirm, uiMessages } from '@city/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useGetSurveyConfigQuery } from '../../store/api-slice.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { selectSurvey } from '../../store/survey-slice.js';
import { selectSubmitError, selectSubmitStatus, submitSurvey } from './submission-slice.js';

/** The confirm screens (`/confirm` for the survey in hand, `/confirm/{id}`): check, then send. */
export function ConfirmPage() {
  const params = useParams();
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

  if (!hasAnswers || (config === undefined && !configQuery.isFetching)) {
    return (
      <PageLayout title={messages.confirmTitle}>
        <Notice>{messages.noAnswersToConfirm}</Notice>
        {surveyId === undefined ? null : (
          <Link className="city-button city-button--secondary" to={paths.survey.to(surveyId)}>
            {messages.toSurvey}
          </Link>
        )}
      </PageLayout>
    );
  }
  if (config === undefined) return <Loading label={messages.surveyLoading} />;

  const sending = submitStatus === 'sending';
  const send = async () => {
    const result = await dispatch(submitSurvey());
    if (submitSurvey.fulfilled.match(result)) void navigate(paths.receipt.to(), { replace: true });
  };
  const back = () => {
    // Back to the form the citizen came from; a confirm screen opened directly has none.
    if (location.key === 'default') void navigate(paths.survey.to(surveyId));
    else void navigate(-1);
  };

  return (
    <PageLayout title={messages.confirmTitle}>
      <p>{messages.confirmLead}</p>
      {survey.inEditingAppendingMode ? <Notice>{messages.editingNotice}</Notice> : null}
      <SurveyConfirm config={config} answers={survey.surveyInput} />
      {submitStatus === 'failed' && submitError !== null ? <Notice tone="error">{submitError}</Notice> : null}
      <div className="app-actions">
        <Button variant="secondary" onClick={back} disabled={sending}>
          {uiMessages.back}
        </Button>
        <Button onClick={() => void send()} disabled={sending} aria-busy={sending}>
          {sending ? messages.sending : uiMessages.submit}
        </Button>
      </div>
    </PageLayout>
  );
}
