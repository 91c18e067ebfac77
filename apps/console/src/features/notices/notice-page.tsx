import { NOTICE_RECIPIENT_STATES } from '@city/api-client/staff-contract';
import { Button, Loading, Notice } from '@city/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { SelectField } from '../../components/form-fields.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import type { NoticeRecipients, NoticeReport } from '../../store/notices-api.js';
import { useStaffNoticeQuery, useStaffNoticeRecipientsQuery } from '../../store/notices-api.js';

const text = messages.notices;
type RecipientState = NoticeRecipients['recipients'][number]['state'];
const STATES: readonly RecipientState[] = [...NOTICE_RECIPIENT_STATES, 'no_line'];
/** While messages are still being sent, the report is read again this often. */
const REFRESH_MS = 2_000;

/** The totals: every record is a citizen's (one message each, in one of four states) or without LINE. */
function Totals({ report }: { report: NoticeReport }) {
  const rows: [string, string][] = [
    [text.records, text.count(report.records)],
    [text.citizens, text.people(report.citizens)],
    [text.states.sent ?? '', text.people(report.sent)],
    [text.states.pending ?? '', text.people(report.pending)],
    [text.states.failed ?? '', text.people(report.failed)],
    [text.states.not_friend ?? '', text.people(report.notFriend)],
    [text.states.no_line ?? '', text.count(report.withoutLine)],
  ];
  return (
    <table className="console-table">
      <caption>{text.totals}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who was reached and who cannot be, a page at a time, by state. */
function Recipients({ noticeId }: { noticeId: number }) {
  const [state, setState] = useState<RecipientState | ''>('');
  const [pages, setPages] = useState<string[]>([]);
  return (
    <section className="console-panel" aria-labelledby="notice-recipients">
      <h2 id="notice-recipients">{text.recipients}</h2>
      <SelectField
        label={text.recipientsState}
        value={state}
        onChange={(value) => {
          setState(value as RecipientState | '');
          setPages([]);
        }}
      >
        <option value="">{text.allStates}</option>
        {STATES.map((candidate) => (
          <option key={candidate} value={candidate}>
            {text.states[candidate]}
          </option>
        ))}
      </SelectField>
      {state !== '' && text.stateHelp[state] !== undefined ? <p className="console-note">{text.stateHelp[state]}</p> : null}
      {[undefined, ...pages].map((after, index) => (
        <RecipientsPage key={after ?? 'first'} noticeId={noticeId} state={state} after={after} last={index === pages.length} onMore={(next) => { setPages([...pages, next]); }} />
      ))}
    </section>
  );
}

function RecipientsPage({ noticeId, state, after, last, onMore }: { noticeId: number; state: RecipientState | ''; after: string | undefined; last: boolean; onMore: (next: string) => void }) {
  const page = useStaffNoticeRecipientsQuery({ noticeId, ...(state === '' ? {} : { state }), ...(after === undefined ? {} : { after }) });
  if (page.error !== undefined) return <CallFailure error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data === undefined) return <Loading label={messages.loading} />;
  if (page.data.recipients.length === 0 && after === undefined) return <p>{text.empty}</p>;
  const next = page.data.next;
  return (
    <>
      <table className="console-table">
        {after === undefined ? (
          <thead>
            <tr>
              <th scope="col">{text.columnState}</th>
              <th scope="col">{text.columnReceipts}</th>
            </tr>
          </thead>
        ) : null}
        <tbody>
          {page.data.recipients.map((recipient, index) => (
            <tr key={`${recipient.receiptNumbers.join(',')}-${String(index)}`}>
              <td>{text.states[recipient.state]}</td>
              <td>{recipient.receiptNumbers.join('、')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last && next !== null ? (
        <div className="console-actions">
          <Button variant="secondary" onClick={() => { onMore(next); }}>
            {text.more}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** `/notices/:noticeId`: a notice's delivery report, refreshed while its messages are being sent. */
export function NoticePage() {
  const noticeId = Number(useParams().noticeId);
  const [sending, setSending] = useState(true);
  const report = useStaffNoticeQuery({ noticeId }, { skip: !Number.isInteger(noticeId), pollingInterval: sending ? REFRESH_MS : 0 });
  const pending = report.data?.pending;
  if (pending !== undefined && (pending > 0) !== sending) setSending(pending > 0);
  useDocumentTitle(text.reportTitle);
  return (
    <>
      <h1>{text.reportTitle}</h1>
      {report.error === undefined ? null : <CallFailure error={report.error} onRetry={() => void report.refetch()} />}
      {report.isLoading ? <Loading label={messages.loading} /> : null}
      {report.data === undefined ? null : (
        <>
          <p>
            <Link to={paths.surveyNotices.to(report.data.surveyId)}>{text.backToHistory}</Link>
          </p>
          <dl className="console-answers">
            <dt>{text.sentAt}</dt>
            <dd>{formatDateTime(report.data.createdAt)}</dd>
            <dt>{text.sentBy}</dt>
            <dd>{report.data.sentBy}</dd>
            <dt>{text.body}</dt>
            <dd className="console-notice-text">{report.data.text}</dd>
          </dl>
          <p role="status">{report.data.pending > 0 ? text.stillSending : text.allDone}</p>
          {report.data.failed > 0 ? <Notice tone="warning">{text.stateHelp.failed}</Notice> : null}
          <Totals report={report.data} />
          <Recipients noticeId={noticeId} />
        </>
      )}
    </>
  );
}
