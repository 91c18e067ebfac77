import { Notice } from '@city/ui';
import { messages } from '../messages.js';
import type { StaffCallError } from '../store/base-query.js';
import { callErrorOf } from '../store/staff-api.js';


/**
 * A refused or failed change, shown beside the action that was refused: the server's message, then
 * what stands in the way (409 blockers: the bookings, categories or surveys) or what is wrong where
 * (400 problems: a file's line and column). Nothing was changed; the screen says so.
 */
export function Refusal({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined) return null;
  const refusal: StaffCallError | undefined = callErrorOf(error);
  const problems = refusal?.problems ?? [];
  // A file's refusal lists the same things twice (problems and blockers): its problems say where.
  const blockers = problems.length > 0 ? [] : (refusal?.blockers ?? []);
  return (
    <div className="console-refusal">
      <Notice tone="error" {...(title === undefined ? {} : { title })}>
        <p>{refusal?.message ?? messages.unexpectedError}</p>
        {blockers.length > 0 ? (
          <>
            <p className="console-refusal__lead">{messages.refusalBlockersLead}</p>
            <ul className="console-refusal__list">
              {blockers.map((blocker) => (
                <li key={blocker.id}>{blocker.label}</li>
              ))}
            </ul>
          </>
        ) : null}
        {problems.length > 0 ? (
          <ul className="console-refusal__list">
            {problems.map((problem, index) => (
              // A file may have the same problem at the same place twice: the position keeps them apart.
              <li key={index}>{messages.problemLine(problem.at, problem.message)}</li>
            ))}
          </ul>
        ) : null}
        {refusal?.status === 409 ? <p className="console-refusal__lead">{messages.nothingChanged}</p> : null}
      </Notice>
    </div>
  );
}
