import type { AuditEntryView } from '@city/api-client/staff-contract';
import { formatDateTime } from '../lib/format.js';
import { messages } from '../messages.js';

/** What an entry's detail says, as compact JSON (status changes, reasons, filters). */
const detailText = (detail: Record<string, unknown>) => (Object.keys(detail).length === 0 ? '' : JSON.stringify(detail));

/** Audit entries, newest first as the server gives them: when, who (and from where), what, on what. */
export function AuditTable({ entries, caption, showTarget = true }: { entries: readonly AuditEntryView[]; caption: string; showTarget?: boolean }) {
  return (
    <div className="console-table-scroll">
      <table className="console-table console-table--audit">
        <caption className="city-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.auditAt}</th>
            <th scope="col">{messages.auditActor}</th>
            <th scope="col">{messages.auditAction}</th>
            {showTarget ? <th scope="col">{messages.auditTarget}</th> : null}
            <th scope="col">{messages.auditIp}</th>
            <th scope="col">{messages.auditDetail}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.seq}>
              <td>{formatDateTime(entry.at)}</td>
              <td>
                {entry.actorName}
                {entry.actorName === entry.actor ? null : <span className="console-note"> {entry.actor}</span>}
              </td>
              <td>{entry.action}</td>
              {showTarget ? <td className="console-break">{entry.target}</td> : null}
              <td>{entry.ip}</td>
              <td className="console-break">{detailText(entry.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
