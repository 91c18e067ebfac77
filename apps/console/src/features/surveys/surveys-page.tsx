import { Loading } from '@city/ui';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffSurvey } from '../../store/staff-api.js';
import { useStaffSurveysQuery } from '../../store/staff-api.js';

/** Whether the survey books a slot: its phone entry is then a booking (代理予約), else answers (代理入力). */
const booksSlots = (survey: StaffSurvey) => survey.items.some((item) => item.type === 'reservation');

/** The surveys of the staff member's teams: to their results, and to booking by phone where allowed. */
export function SurveysPage() {
  useDocumentTitle(messages.surveysTitle);
  const session = useAppSelector(selectSession);
  const surveys = useStaffSurveysQuery(undefined);
  const mayBook = mayTake(session, 'records.bookOnBehalf');
  return (
    <>
      <h1>{messages.surveysTitle}</h1>
      {surveys.error === undefined ? null : (
        <CallFailure
          error={surveys.error}
          onRetry={() => {
            void surveys.refetch();
          }}
        />
      )}
      {surveys.isLoading ? <Loading label={messages.loading} /> : null}
      {surveys.data?.length === 0 ? <p>{messages.surveysEmpty}</p> : null}
      {surveys.data !== undefined && surveys.data.length > 0 ? (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{messages.surveyColumn}</th>
              <th scope="col">{messages.actionsColumn}</th>
            </tr>
          </thead>
          <tbody>
            {surveys.data.map((survey) => (
              <tr key={survey.surveyId}>
                <th scope="row">{survey.title}</th>
                <td className="console-table__actions">
                  <Link to={paths.records.to(survey.surveyId)} aria-label={messages.openRecords(survey.title)}>
                    {messages.recordsLink}
                  </Link>
                  {mayBook ? (
                    <Link to={paths.phoneBooking.to(survey.surveyId)} aria-label={messages.openPhoneBooking(survey.title, booksSlots(survey))}>
                      {messages.phoneBookingLink(booksSlots(survey))}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
