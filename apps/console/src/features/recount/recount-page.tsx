import { Button, Loading, Notice } from '@city/ui';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { useStaffRecountQuery } from '../../store/staff-api.js';

const text = messages.recount;

/** One kind of drift: its title and a line per finding (nothing when there is none). */
function Findings({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="console-panel" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {lines.map((line, index) => (
          // Two findings may read alike: the position keeps them apart.
          <li key={index}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/recount`: every slot, booking, booking answer and paid order compared with what it must agree
 * with, read from one snapshot of the database when the page opens (administrators: the findings
 * name records of every team's surveys).
 */
export function RecountPage() {
  useDocumentTitle(text.title);
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'audit.readAll');
  const report = useStaffRecountQuery(undefined, { skip: !allowed, refetchOnMountOrArgChange: true });
  const data = report.data;
  return (
    <>
      <h1>{text.title}</h1>
      {allowed ? <p>{text.lead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      {report.error === undefined ? null : <CallFailure error={report.error} onRetry={() => void report.refetch()} />}
      {report.isFetching ? <Loading label={messages.loading} /> : null}
      {data === undefined ? null : (
        <>
          <div role="status">
            <p>{text.compared(data.totals.slots, data.totals.claims, data.totals.records, data.totals.orders)}</p>
            {data.drift === 0 ? <p className="console-done console-done--strong">{text.noDrift}</p> : null}
          </div>
          {data.drift === 0 ? null : (
            <Notice tone="error">
              <p>{text.drift(data.drift)}</p>
            </Notice>
          )}
          <Findings title={text.slotsTitle} lines={data.slots.map((slot) => text.slotLine(slot.calendarId, slot.date, slot.slotId, slot.claimedUnits, slot.claims, slot.capacity, slot.waitlistUnits, slot.waitlistPlaces))} />
          <Findings title={text.claimsTitle} lines={data.claims.map((claim) => text.claimLine(claim.partitionKey, claim.date, claim.slotId, text.claimReason[claim.reason]))} />
          <Findings title={text.answersTitle} lines={data.answers.map((answer) => text.answerLine(answer.receiptNumber, answer.value))} />
          <Findings title={text.ordersTitle} lines={data.orders.map((order) => text.orderLine(order.receiptNumber, order.reason === 'noRecord'))} />
          <div className="console-actions">
            <Button variant="secondary" disabled={report.isFetching} onClick={() => void report.refetch()}>
              {text.run}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
