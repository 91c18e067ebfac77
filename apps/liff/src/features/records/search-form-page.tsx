import { Button, Loading, PageLayout } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { recordsMessages } from '../../records-messages.js';
import { useGetSearchableSurveysQuery } from '../../store/api-slice.js';
import { useAppDispatch } from '../../store/hooks.js';
import { startNewAnswer } from '../../store/survey-thunks.js';

/** The search form (`/confirmSearchForm`): which survey's answers to look at; or answer one. */
export function SearchFormPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Loaded again on every visit (a survey may have opened or closed since).
  const { data: searchableSurveys = [], isSuccess, isFetching, isError, error, refetch } = useGetSearchableSurveysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosen, setChosen] = useState<string>();
  const [showProblem, setShowProblem] = useState(false);
  const problemId = useId();

  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen === undefined) {
      setShowProblem(true);
      return;
    }
    void navigate(paths.confirmList.to(chosen));
  };

  return (
    <PageLayout title={recordsMessages.searchTitle}>
      {isError ? <LoadFailure message={messageForScreen(error)} onRetry={() => void refetch()} /> : null}
      {isFetching && searchableSurveys.length === 0 ? <Loading /> : null}
      {isSuccess && !isFetching && searchableSurveys.length === 0 ? <p>{recordsMessages.noSearchableSurveys}</p> : null}
      {searchableSurveys.length > 0 ? (
        <form className="city-form" noValidate onSubmit={search}>
          <p>{recordsMessages.searchLead}</p>
          <fieldset className="city-field" aria-describedby={showProblem ? problemId : undefined}>
            <legend className="city-field__label">{recordsMessages.searchSurveyLegend}</legend>
            <div className="city-choices">
              {searchableSurveys.map((survey) => (
                <label key={survey.surveyId} className="city-choice">
                  <input
                    type="radio"
                    name="surveyId"
                    value={survey.surveyId}
                    checked={chosen === survey.surveyId}
                    onChange={() => {
                      setChosen(survey.surveyId);
                      setShowProblem(false);
                    }}
                  />
                  <span>{survey.surveyTitle ?? survey.surveyId}</span>
                </label>
              ))}
            </div>
            {showProblem ? (
              <p id={problemId} className="city-field__error" role="alert">
                {recordsMessages.chooseSurvey}
              </p>
            ) : null}
          </fieldset>
          <div className="city-form__actions">
            <Button type="submit">{recordsMessages.searchSubmit}</Button>
          </div>
        </form>
      ) : null}
      <p>
        <Link to={paths.confirmList.to()}>{recordsMessages.showAllRecords}</Link>
      </p>
      <ul className="app-links">
        {searchableSurveys.map((survey) => (
          <li key={survey.surveyId}>
            {survey.membership === undefined ? (
              <Link
                to={paths.survey.to(survey.surveyId)}
                onClick={() => {
                  void dispatch(startNewAnswer());
                }}
              >
                {recordsMessages.answerSurvey(survey.surveyTitle ?? survey.surveyId)}
              </Link>
            ) : (
              // A member survey opens on the citizen's card, or its registration when they have none.
              <Link to={paths.memberConfirmList.to(survey.surveyId)}>{recordsMessages.openMembership(survey.membership.name)}</Link>
            )}
          </li>
        ))}
        {searchableSurveys
          .filter((survey) => survey.lookupItemKeys !== undefined && survey.lookupItemKeys.length > 0)
          .map((survey) => (
            <li key={`claim-${survey.surveyId}`}>
              <Link to={paths.claim.to(survey.surveyId)}>
                {survey.membership === undefined ? recordsMessages.claimSurvey(survey.surveyTitle ?? survey.surveyId) : recordsMessages.claimMembership(survey.membership.name)}
              </Link>
            </li>
          ))}
      </ul>
    </PageLayout>
  );
}
