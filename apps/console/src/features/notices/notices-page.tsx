import { Loading } from '@city/ui';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import { useStaffSurvey } from '../../store/use-survey.js';
import { useStaffNoticesQuery } from '../../store/notices-api.js';

const text = messages.notices;

/** `/surveys/:surveyId/notices`: the notices sent to the survey's citizens, newest first, each with its report. */
export function NoticesPage() {
  const { surveyId = '' } = useParams();
  const { survey } = useStaffSurvey(surveyId);
  const title = text.historyTitle(survey?.title ?? surveyId);
  useDocumentTitle(title);
  const notices = useStaffNoticesQuery({ surveyId }, { refetchOnMountOrArgChange: true });
  return (
    <>
      <p>
        <Link to={paths.records.to(surveyId)}>{messages.backToRecords}</Link>
      </p>
      <h1>{title}</h1>
      {notices.error === undefined ? null : <CallFailure error={notices.error} onRetry={() => void notices.refetch()} />}
      {notices.isLoading ? <Loading label={messages.loading} /> : null}
      {notices.data?.length === 0 ? <p>{text.historyEmpty}</p> : null}
      {notices.data === undefined || notices.data.length === 0 ? null : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{text.sentAt}</th>
              <th scope="col">{text.body}</th>
              <th scope="col">{text.citizens}</th>
              <th scope="col">{text.states.sent}</th>
              <th scope="col">{text.sentBy}</th>
            </tr>
          </thead>
          <tbody>
            {notices.data.map((notice) => (
              <tr key={notice.noticeId}>
                <td>
                  <Link to={paths.notice.to(notice.noticeId)}>{formatDateTime(notice.createdAt)}</Link>
                </td>
                <td>{notice.text.length > 40 ? `${notice.text.slice(0, 40)}…` : notice.text}</td>
                <td>{text.people(notice.citizens)}</td>
                <td>{text.people(notice.sent)}</td>
                <td>{notice.sentBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
