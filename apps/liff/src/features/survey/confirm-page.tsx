import { Button, Notice, PageLayout, SurveyConfirm, uiMessages } from '@city/ui';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { submitSurvey } from './survey-slice.js';

/** The confirm screens (`/confirm` for the survey in hand, `/confirm/{id}`): check, then send. */
export function ConfirmPage() {
  const params = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const survey = useAppSelector((state) => state.survey);
  const surveyId = params.id ?? survey.surveyConfig?.surveyId;
  const config = survey.surveyConfig !== null && survey.surveyConfig.surveyId === surveyId ? survey.surveyConfig : null;

  if (config === null || surveyId === undefined || Object.keys(survey.surveyInput).length === 0) {
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

  const sending = survey.submitStatus === 'sending';
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
      {survey.submitStatus === 'failed' && survey.submitError !== null ? <Notice tone="error">{survey.submitError}</Notice> : null}
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
