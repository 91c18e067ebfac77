import { Loading, PageLayout } from '@city/ui';
import { useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { reservationAnswersOf } from '../../lib/bookings.js';
import type { SurveyRecords } from '../../lib/records.js';
import { recordsOf } from '../../lib/records.js';
import { recordsMessages } from '../../records-messages.js';
import { useGetOrdersQuery, useGetRecordsQuery } from '../../store/api-slice.js';
import { ordersByRecord } from '../../lib/orders.js';
import { useAppDispatch } from '../../store/hooks.js';
import { startNewAnswer } from '../../store/survey-thunks.js';
import { useBookings } from '../../store/use-bookings.js';
import { RecordCard } from './record-card.js';
import { recordSelected } from './records-slice.js';

/** No list yet: one constant, so what is derived from the list is not computed again each render. */
const NO_SURVEYS: SurveyRecords[] = [];

/**
 * The citizen's records (`/confirmList/{id}` for one survey, `/confirmList` for every searchable
 * one), grouped with groupSurveyResults, newest first, each with its status.
 */
export function ConfirmListPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Loaded again on every visit: the citizen comes here to see what is stored now. Only this
  // list's own answer shows (currentData), never another list's.
  const { currentData: surveys = NO_SURVEYS, isUninitialized, isFetching, isError, error, refetch } = useGetRecordsQuery(id, { refetchOnMountOrArgChange: true });
  const loading = isUninitialized || isFetching;
  // Every booking in the list, with its times and place, in one call.
  const listed = useMemo(() => surveys.flatMap(({ config, rows, receipts }) => recordsOf(config, rows, receipts).map((view) => ({ config, answers: view.answers }))), [surveys]);
  const bookings = useBookings(listed);
  // Every order of the citizen in one call, matched to the records by partition key. The list
  // shows without them if they fail (a record that buys nothing has none).
  const orders = useGetOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const orderOf = useMemo(() => ordersByRecord(orders.currentData ?? []), [orders.currentData]);

  // A membership's registration is looked at (changed, withdrawn) on its card, whose withdrawal
  // says what it does to the number, never through this list's generic キャンセル.
  const only = id === undefined ? undefined : surveys[0]?.config;
  if (only?.membership !== undefined) return <Navigate to={paths.memberConfirmList.to(only.surveyId)} replace />;

  return (
    <PageLayout title={recordsMessages.listTitle}>
      {isError ? <LoadFailure message={messageForScreen(error)} onRetry={() => void refetch()} /> : null}
      {loading && surveys.length === 0 ? <Loading label={recordsMessages.listLoading} /> : null}
      {surveys.map(({ config, rows, receipts }) => {
        const records = recordsOf(config, rows, receipts);
        const canAnswer = config.isAppending?.value === true || records.length === 0;
        const title = config.surveyTitle ?? config.surveyId;
        if (config.membership !== undefined) {
          return (
            <section key={config.surveyId} className="app-section" aria-labelledby={`survey-${config.surveyId}`}>
              <h2 id={`survey-${config.surveyId}`} className="app-section-title">
                {title}
              </h2>
              <Link className="city-button city-button--secondary" to={paths.memberConfirmList.to(config.surveyId)}>
                {recordsMessages.openMembership(config.membership.name)}
              </Link>
            </section>
          );
        }
        return (
          <section key={config.surveyId} className="app-section" aria-labelledby={`survey-${config.surveyId}`}>
            <h2 id={`survey-${config.surveyId}`} className="app-section-title">
              {title}
            </h2>
            {records.length === 0 && !loading ? <p>{recordsMessages.listEmpty}</p> : null}
            {records.map((view, index) => (
              <RecordCard
                key={view.record.partitionKey}
                config={config}
                view={view}
                heading={recordsMessages.record(index + 1)}
                payment={orderOf.get(view.record.partitionKey)}
                bookings={reservationAnswersOf(config, view.answers).flatMap((answer) => bookings.views.get(answer.value) ?? [])}
              >
                <button
                  type="button"
                  className="city-button city-button--secondary"
                  aria-label={recordsMessages.showDetailsOf(index + 1)}
                  onClick={() => {
                    dispatch(recordSelected({ surveyId: view.record.surveyId, partitionKey: view.record.partitionKey, list: id }));
                    void navigate(paths.confirmDetails.to());
                  }}
                >
                  {recordsMessages.showDetails}
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
                {recordsMessages.newAnswer}
              </Link>
            ) : null}
          </section>
        );
      })}
      <p>
        <Link to={paths.confirmSearchForm.to()}>{recordsMessages.searchTitle}</Link>
      </p>
    </PageLayout>
  );
}
