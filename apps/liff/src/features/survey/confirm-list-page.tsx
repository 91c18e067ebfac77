import { Loading, PageLayout } from '@city/ui';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { LoadFailure } from '../../components/load-failure.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { ALL_SURVEYS, loadRecords, recordSelected } from './lookup-slice.js';
import { RecordCard } from './record-card.js';
import { recordsOf } from './records.js';
import { startNewAnswer } from './survey-slice.js';

/**
 * The citizen's records (`/confirmList/{id}` for one survey, `/confirmList` for every searchable
 * one), grouped with groupSurveyResults, newest first, each with its status.
 */
export function ConfirmListPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const recordsBySurvey = useAppSelector((state) => state.lookup.recordsBySurvey);
  const load = useAppSelector((state) => state.lookup.listLoads[id ?? ALL_SURVEYS]);

  useEffect(() => {
    void dispatch(loadRecords(id));
  }, [id, dispatch]);

  const surveys = id === undefined ? Object.values(recordsBySurvey) : (recordsBySurvey[id] === undefined ? [] : [recordsBySurvey[id]]);
  const loading = load === undefined || load.status === 'loading';

  return (
    <PageLayout title={messages.listTitle}>
      {load?.status === 'failed' ? <LoadFailure message={load.error} onRetry={() => void dispatch(loadRecords(id))} /> : null}
      {loading && surveys.length === 0 ? <Loading label={messages.listLoading} /> : null}
      {surveys.map(({ config, rows }) => {
        const records = recordsOf(config, rows);
        const canAnswer = config.isAppending?.value === true || records.length === 0;
        const title = config.surveyTitle ?? config.surveyId;
        return (
          <section key={config.surveyId} className="app-section" aria-labelledby={`survey-${config.surveyId}`}>
            <h2 id={`survey-${config.surveyId}`} className="app-section-title">
              {title}
            </h2>
            {records.length === 0 && !loading ? <p>{messages.listEmpty}</p> : null}
            {records.map((view, index) => (
              <RecordCard key={view.record.partitionKey} config={config} view={view} heading={messages.record(index + 1)}>
                <button
                  type="button"
                  className="city-button city-button--secondary"
                  aria-label={messages.showDetailsOf(index + 1)}
                  onClick={() => {
                    dispatch(recordSelected({ surveyId: view.record.surveyId, partitionKey: view.record.partitionKey }));
                    void navigate(paths.confirmDetails.to());
                  }}
                >
                  {messages.showDetails}
                </button>
              </RecordCard>
            ))}
            {canAnswer ? (
              <Link
                className="city-button city-button--primary"
                to={paths.survey.to(config.surveyId)}
                onClick={() => {
                  void dispatch(startNewAnswer());
                }}
              >
                {messages.newAnswer}
              </Link>
            ) : null}
          </section>
        );
      })}
      <p>
        <Link to={paths.confirmSearchForm.to()}>{messages.searchTitle}</Link>
      </p>
    </PageLayout>
  );
}
