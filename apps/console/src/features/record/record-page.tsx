import { Button, formatYen, Loading } from '@city/ui';
import { Link, useParams } from 'react-router';
import { AuditTable } from '../../components/audit-table.js';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { RecordPage as RecordPageData, StaffSurveyConfig } from '../../store/staff-api.js';
import { useStaffRecordQuery, useStaffSurveyQuery } from '../../store/staff-api.js';
import { MemoForm } from './memo-form.js';
import { RecordHistory } from './record-history.js';
import { SendNotice } from '../../components/send-notice.js';
import { StatusPanel } from './status-panel.js';

const at = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

function Answers({ survey, answers }: { survey: StaffSurveyConfig | undefined; answers: Record<string, string> }) {
  // The survey's items in its order (its whole configuration as this staff member sees it); answers
  // to items it does not name (none expected) after them, by key.
  const items = (survey?.surveySchema ?? []).filter((item) => item.type !== 'guide');
  const known = new Set(items.map((item) => item.itemKey));
  const rows = [...items.map((item) => ({ key: item.itemKey, title: item.title })), ...Object.keys(answers).filter((key) => !known.has(key)).map((key) => ({ key, title: key }))];
  return (
    <dl className="console-answers">
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.title}</dt>
          <dd>{answers[row.key] ?? messages.noAnswer}</dd>
        </div>
      ))}
    </dl>
  );
}

function Orders({ orders }: { orders: RecordPageData['orders'] }) {
  if (orders.length === 0) return <p>{messages.noOrders}</p>;
  return (
    <table className="console-table">
      <thead>
        <tr>
          <th scope="col">{messages.orderId}</th>
          <th scope="col">{messages.orderTotal}</th>
          <th scope="col">{messages.orderStatus}</th>
          <th scope="col">{messages.orderPaidAt}</th>
          <th scope="col">{messages.orderRefundedAt}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderId}>
            <th scope="row" className="console-break">
              {order.orderId}
            </th>
            <td>{formatYen(order.total)}</td>
            <td>{messages.orderStatuses[order.status] ?? order.status}</td>
            <td>{at(order.paidAt)}</td>
            <td>{at(order.refundedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecordDetails({ surveyId, page, survey }: { surveyId: string; page: RecordPageData; survey: StaffSurveyConfig | undefined }) {
  const session = useAppSelector(selectSession);
  const { record } = page;
  const ref = { surveyId, partitionKey: record.partitionKey };
  const { refetch } = useStaffRecordQuery(ref);
  // Known from the survey once it arrives; until then, from the bookings the record holds.
  const books = survey === undefined ? record.bookings.length > 0 : survey.surveySchema.some((item) => item.type === 'reservation');
  return (
    <>
      <div className="console-title-row">
        <h1>{messages.recordTitle(record.receiptNumber)}</h1>
        <Button variant="secondary" className="console-no-print" onClick={() => { window.print(); }}>
          {messages.print}
        </Button>
      </div>
      <p className="console-no-print">
        <Link to={paths.records.to(surveyId)}>{messages.backToRecords}</Link>
      </p>
      {survey === undefined ? null : <p>{survey.surveyTitle ?? survey.surveyId}</p>}
      {/* The status and its actions come first: beside the answers on a wide screen, above them on
          a tablet, so nobody scrolls past every answer to change the status. */}
      <div className="console-record">
        <div className="console-record__status">
          <StatusPanel
            record={ref}
            status={record.status}
            version={record.version}
            books={books}
            paid={page.orders.some((order) => order.status === 'paid')}
            onReload={() => {
              void refetch();
            }}
          />
          {mayTake(session, 'records.notify') && record.hasOwner ? (
            <div className="console-actions console-no-print">
              <SendNotice surveyId={ref.surveyId} target={{ partitionKeys: [ref.partitionKey] }} one />
            </div>
          ) : null}
        </div>
        <div className="console-record__main">
          <section className="console-panel" aria-labelledby="answers-heading">
            <h2 id="answers-heading">{messages.answersTitle}</h2>
            <Answers survey={survey} answers={record.answers} />
          </section>
          <section className="console-panel" aria-labelledby="bookings-heading">
            <h2 id="bookings-heading">{messages.bookingsTitle}</h2>
            {record.bookings.length === 0 ? (
              <p>{messages.noBookings}</p>
            ) : (
              <ul>
                {record.bookings.map((booking) => (
                  <li key={`${booking.calendarId}|${booking.date}|${booking.slotId}`}>
                    {messages.bookingLine(formatDate(booking.date), booking.start, booking.end)}
                    {booking.held ? messages.bookingHeld : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="console-panel" aria-labelledby="orders-heading">
            <h2 id="orders-heading">{messages.ordersTitle}</h2>
            <Orders orders={page.orders} />
          </section>
        </div>
        <div className="console-record__side">
          <section className="console-panel" aria-labelledby="details-heading">
            <h2 id="details-heading">{messages.detailsTitle}</h2>
            <dl className="console-answers">
              <div>
                <dt>{messages.origin}</dt>
                <dd>{messages.origins[record.origin]}</dd>
              </div>
              <div>
                <dt>{messages.lineLinked}</dt>
                <dd>{record.hasOwner ? messages.lineLinkedYes : messages.lineLinkedNo}</dd>
              </div>
              {page.memberNumber === null ? null : (
                <div>
                  <dt>{messages.memberNumber}</dt>
                  <dd>{page.memberNumber}</dd>
                </div>
              )}
              {page.enteredBy === null ? null : (
                <div>
                  <dt>{messages.enteredBy}</dt>
                  <dd>{page.enteredBy}</dd>
                </div>
              )}
              <div>
                <dt>{messages.createdAt}</dt>
                <dd>{formatDateTime(record.createdAt)}</dd>
              </div>
              <div>
                <dt>{messages.updatedAt}</dt>
                <dd>{formatDateTime(record.updatedAt)}</dd>
              </div>
            </dl>
          </section>
          <section className="console-panel" aria-labelledby="history-heading">
            <h2 id="history-heading">{messages.historyTitle}</h2>
            <RecordHistory history={page.history} />
            {mayTake(session, 'records.addMemo') ? <MemoForm record={ref} /> : null}
          </section>
        </div>
      </div>
      {/* Who else looked at the record, from where: city staff only (the server sends none to others). */}
      {mayTake(session, 'audit.readRecord') ? (
        <section className="console-panel" aria-labelledby="audit-heading">
          <h2 id="audit-heading">{messages.auditOfRecord}</h2>
          {page.audit.length === 0 ? <p>{messages.noAudit}</p> : <AuditTable entries={page.audit} caption={messages.auditOfRecord} showTarget={false} />}
        </section>
      ) : null}
    </>
  );
}

/** `/surveys/:surveyId/records/:partitionKey`: one record with everything staff do on it. */
export function RecordPage() {
  const { surveyId = '', partitionKey = '' } = useParams();
  const page = useStaffRecordQuery({ surveyId, partitionKey });
  const survey = useStaffSurveyQuery({ surveyId });
  useDocumentTitle(page.data === undefined ? messages.loading : messages.recordTitle(page.data.record.receiptNumber));
  if (page.error !== undefined) {
    return (
      <CallFailure
        error={page.error}
        onRetry={() => {
          void page.refetch();
        }}
      />
    );
  }
  if (page.data === undefined) return <Loading label={messages.loading} />;
  return <RecordDetails surveyId={surveyId} page={page.data} survey={survey.data} />;
}
