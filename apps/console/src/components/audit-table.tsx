import type { AuditEntryView } from '@city/api-client/staff-contract';
import type { AuditNames } from '../lib/audit-text.js';
import { actionLabel, detailLines } from '../lib/audit-text.js';
import { formatDateTime } from '../lib/format.js';
import { messages } from '../messages.js';
import { useStaffSurveysQuery } from '../store/staff-api.js';

/** Survey and item titles from the staff member's survey list, for filters and phone bookings. */
function useAuditNames(): AuditNames {
  const surveys = useStaffSurveysQuery(undefined);
  const find = (surveyId: string) => surveys.data?.find((survey) => survey.surveyId === surveyId);
  return {
    surveyTitle: (surveyId) => find(surveyId)?.title,
    itemTitle: (surveyId, itemKey) => find(surveyId)?.items.find((item) => item.itemKey === itemKey)?.title,
  };
}

/**
 * Audit entries, newest first as the server gives them: when, who (and from where), what, on what.
 * The action shows in Japanese (its code in the title, as the search takes it), the detail as
 * short lines.
 */
export function AuditTable({ entries, caption, showTarget = true }: { entries: readonly AuditEntryView[]; caption: string; showTarget?: boolean }) {
  const names = useAuditNames();
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
              <td className="console-nowrap">{formatDateTime(entry.at)}</td>
              <td>
                {entry.actorName}
                {entry.actorName === entry.actor ? null : <span className="console-note"> {entry.actor}</span>}
              </td>
              <td title={entry.action} data-action={entry.action}>
                {actionLabel(entry.action)}
              </td>
              {showTarget ? <td className="console-audit__target">{entry.target}</td> : null}
              <td className="console-nowrap">{entry.ip}</td>
              <td className="console-audit__detail">
                {detailLines(entry, names).map((line, index) => (
                  <span key={index} className="console-audit__line">
                    {line}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
