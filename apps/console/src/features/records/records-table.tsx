import type { RecordSummary } from '@city/api-client/staff-contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import type { StaffSurvey } from '../../store/staff-api.js';

/** One page of records: 受付番号 (to the record), status, origin, times, the chosen items, bookings. */
export function RecordsTable({ survey, records, columns }: { survey: StaffSurvey; records: readonly RecordSummary[]; columns: readonly string[] }) {
  const shownItems = survey.items.filter((item) => columns.includes(item.itemKey));
  return (
    <div className="console-table-scroll">
      <table className="console-table console-table--records">
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
            <th scope="col">{messages.columnBookings}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.partitionKey}>
              <th scope="row">
                <Link to={paths.record.to(survey.surveyId, record.partitionKey)}>{record.receiptNumber}</Link>
              </th>
              <td>
                <span className={`console-status console-status--${record.status}`}>{record.status}</span>
              </td>
              <td>{messages.origins[record.origin]}</td>
              <td>{formatDateTime(record.createdAt)}</td>
              <td>{formatDateTime(record.updatedAt)}</td>
              {shownItems.map((item) => (
                <td key={item.itemKey}>{record.answers[item.itemKey] ?? ''}</td>
              ))}
              <td>
                {record.bookings.map((booking) => (
                  <div key={`${booking.calendarId}|${booking.date}|${booking.slotId}`}>
                    {messages.bookingLine(formatDate(booking.date), booking.start, booking.end)}
                    {booking.held ? messages.bookingHeld : ''}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
