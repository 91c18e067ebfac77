import { messages } from '../../messages.js';
import type { CalendarFileReport } from './calendar-admin-api.js';
import { dateWithWeekday } from './dates.js';

const text = messages.calendarAdmin;
type SlotChange = CalendarFileReport['dates'][number]['added'][number];

const slotText = (slot: SlotChange) => text.reportSlot(slot.start, slot.end, slot.capacity);

/** A list of slots in a cell, or a dash for none. */
function SlotList({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span className="console-note">{text.reportNone}</span>;
  return (
    <ul className="calendars-report__slots">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * What a file changes (a preview) or changed (applied): the counts, then for a category file each
 * category and its outcome, for a slot file each date with the slots added, changed (from → to)
 * and removed, and whether it becomes closed or open.
 */
export function FileReport({ report }: { report: CalendarFileReport }) {
  if (report.kind === 'categories') {
    const count = (outcome: 'added' | 'changed' | 'unchanged') => report.categories.filter((category) => category.outcome === outcome).length;
    return (
      <>
        <dl className="console-counts calendars-report__counts">
          <div>
            <dt>{text.reportAdded}</dt>
            <dd>{text.count(count('added'))}</dd>
          </div>
          <div>
            <dt>{text.reportChanged}</dt>
            <dd>{text.count(count('changed'))}</dd>
          </div>
          <div>
            <dt>{text.reportUnchanged}</dt>
            <dd>{text.count(count('unchanged'))}</dd>
          </div>
        </dl>
        <div className="console-table-scroll">
          <table className="console-table">
            <caption className="city-visually-hidden">{text.reportCategoriesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.reportPath}</th>
                <th scope="col">{text.categoryId}</th>
                <th scope="col">{text.reportOutcome}</th>
              </tr>
            </thead>
            <tbody>
              {report.categories.map((category) => (
                <tr key={category.categoryId}>
                  <th scope="row">{category.path}</th>
                  <td className="console-nowrap">{category.categoryId}</td>
                  <td className="console-nowrap">{text.outcomes[category.outcome]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  return (
    <>
      {report.calendarCreated && report.calendarId !== null ? <p>{report.applied ? text.reportCalendarCreated(report.calendarId) : text.reportCalendarToCreate(report.calendarId)}</p> : null}
      <dl className="console-counts calendars-report__counts">
        <div>
          <dt>{text.reportSlotsAdded}</dt>
          <dd>{text.count(report.slots.added)}</dd>
        </div>
        <div>
          <dt>{text.reportSlotsChanged}</dt>
          <dd>{text.count(report.slots.changed)}</dd>
        </div>
        <div>
          <dt>{text.reportSlotsRemoved}</dt>
          <dd>{text.count(report.slots.removed)}</dd>
        </div>
        <div>
          <dt>{text.reportSlotsUnchanged}</dt>
          <dd>{text.count(report.slots.unchanged)}</dd>
        </div>
        <div>
          <dt>{text.reportClosedAdded}</dt>
          <dd>{text.count(report.closedDays.added)}</dd>
        </div>
        <div>
          <dt>{text.reportClosedRemoved}</dt>
          <dd>{text.count(report.closedDays.removed)}</dd>
        </div>
      </dl>
      {report.dates.length === 0 ? (
        <p>{text.reportNoChanges}</p>
      ) : (
        <div className="console-table-scroll">
          <table className="console-table calendars-report">
            <caption className="city-visually-hidden">{text.reportDatesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.reportDate}</th>
                <th scope="col">{text.reportAdded}</th>
                <th scope="col">{text.reportChanged}</th>
                <th scope="col">{text.reportRemoved}</th>
                <th scope="col">{text.reportClosed}</th>
              </tr>
            </thead>
            <tbody>
              {report.dates.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="console-nowrap">
                    {dateWithWeekday(day.date)}
                  </th>
                  <td>
                    <SlotList lines={day.added.map(slotText)} />
                  </td>
                  <td>
                    <SlotList lines={day.changed.map((change) => `${slotText(change.from)} → ${slotText(change.to)}`)} />
                  </td>
                  <td>
                    <SlotList lines={day.removed.map(slotText)} />
                  </td>
                  <td className="console-nowrap">{day.closed === null ? '' : text.closedChange[day.closed]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
