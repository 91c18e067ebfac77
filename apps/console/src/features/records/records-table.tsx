import type { RecordSummary } from '@city/api-client/staff-contract';
import { Link } from 'react-router';
import { RESULTS_TARGET_ID } from '../../components/skip-targets.js';
import { paths } from '../../config/paths.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import type { StaffSurvey, StaffSurveyConfig } from '../../store/staff-api.js';

/** Text formats whose answers are one token (a phone number, a code): never broken over two lines. */
const TOKEN_FORMATS = new Set(['phone', 'number', 'postalCode', 'email']);

/**
 * How an item's cell wraps: a phone number or a date stays whole (its hyphens and slashes would
 * otherwise be break points), long free text may break anywhere so it never widens the table.
 */
function cellClassOf(itemKey: string, config: StaffSurveyConfig | undefined): string | undefined {
  const item = config?.surveySchema.find((candidate) => candidate.itemKey === itemKey);
  if (item === undefined) return undefined;
  if (item.type === 'date' || item.type === 'birthday' || (item.type === 'text' && TOKEN_FORMATS.has(item.format ?? 'plain'))) return 'console-nowrap';
  if (item.type === 'textarea' || item.type === 'text') return 'console-free-text';
  return undefined;
}

const bookingKey = (booking: RecordSummary['bookings'][number]) => `${booking.calendarId}|${booking.date}|${booking.slotId}`;

interface RecordsTableProps {
  survey: StaffSurvey;
  /** The survey's whole configuration, once it arrives: how each item's cell wraps. */
  config: StaffSurveyConfig | undefined;
  records: readonly RecordSummary[];
  columns: readonly string[];
  /** The position of the page's first record (1 on the first page). */
  first: number;
}

/**
 * One page of records: 受付番号 (to the record), status, origin, times, the chosen items, bookings.
 * A reservation item chosen as a column shows the booking where the survey asks it; otherwise
 * the bookings have their own last column (one 予約日時 column either way).
 */
export function RecordsTable({ survey, config, records, columns, first }: RecordsTableProps) {
  const shownItems = survey.items.filter((item) => columns.includes(item.itemKey));
  const bookingsColumn = survey.items.some((item) => item.type === 'reservation') && !shownItems.some((item) => item.type === 'reservation');
  return (
    <div className="console-table-scroll">
      {/* The skip link's and a page turn's target: the caption says which records are shown. */}
      <table id={RESULTS_TARGET_ID} tabIndex={-1} className="console-table console-table--records">
        <caption className="city-visually-hidden">{messages.resultsCaption(first, first + records.length - 1)}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.columnReceipt}</th>
            <th scope="col">{messages.columnStatus}</th>
            <th scope="col">{messages.columnOrigin}</th>
            <th scope="col">{messages.columnCreated}</th>
            <th scope="col">{messages.columnUpdated}</th>
            {shownItems.map((item) => (
              <th scope="col" key={item.itemKey}>
                {item.title}
              </th>
            ))}
            {bookingsColumn ? <th scope="col">{messages.columnBookings}</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.partitionKey}>
              <th scope="row" className="console-nowrap">
                <Link to={paths.record.to(survey.surveyId, record.partitionKey)}>{record.receiptNumber}</Link>
              </th>
              <td>
                <span className={`console-status console-status--${record.status}`}>{record.status}</span>
              </td>
              <td className="console-nowrap">{messages.origins[record.origin]}</td>
              <td>{formatDateTime(record.createdAt)}</td>
              <td>{formatDateTime(record.updatedAt)}</td>
              {shownItems.map((item) =>
                item.type === 'reservation' ? (
                  <td key={item.itemKey}>
                    {record.answers[item.itemKey] ?? ''}
                    {record.bookings.some((booking) => booking.itemKey === item.itemKey && booking.held) ? messages.bookingHeld : ''}
                  </td>
                ) : (
                  <td key={item.itemKey} className={cellClassOf(item.itemKey, config)}>
                    {record.answers[item.itemKey] ?? ''}
                  </td>
                ),
              )}
              {bookingsColumn ? (
                <td>
                  {record.bookings.map((booking) => (
                    // The date and the time each kept whole: on two lines where the column is narrow.
                    <div key={bookingKey(booking)}>
                      <span className="console-nowrap">{formatDate(booking.date)}</span> <span className="console-nowrap">{messages.bookingTime(booking.start, booking.end)}</span>
                      {booking.held ? messages.bookingHeld : ''}
                    </div>
                  ))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
