import type { OrderReconciliation } from '@city/api-client/staff-contract';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { Button, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { DoneMessage } from '../../components/done-message.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { ReceiptLink } from './receipt-link.js';
import { useStaffReconcileOrdersMutation, useStaffSettleOrderMutation } from '../../store/staff-api.js';

const text = messages.reconciliation;
const orderText = messages.orders;

type Difference = OrderReconciliation['differences'][number];

/** How the provider has the order: its state, and what it refunded. */
function providerStateOf(row: Difference): string {
  if (row.providerStatus === null) return text.noAnswer;
  const state = text.providerStatuses[row.providerStatus] ?? row.providerStatus;
  return row.providerRefundedYen > 0 ? `${state}${text.providerRefunded(orderText.yen(row.providerRefundedYen))}` : state;
}

/**
 * `/orders/reconciliation`: the orders of a period asked of the payment provider one by one, those
 * that differ listed with what differs; where the product's side is behind, 決済サービスに合わせる
 * settles it (administrators and admins).
 */
export function ReconciliationPage() {
  useDocumentTitle(text.title);
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'orders.reconcile');
  const today = todayInJapan();
  const [period, setPeriod] = useState({ from: addDaysToDate(today, -30), to: today });
  const [reconcile, result] = useStaffReconcileOrdersMutation();
  const [settle, settling] = useStaffSettleOrderMutation();
  const [done, setDone] = useState('');
  const run = (event?: SyntheticEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setDone('');
    void reconcile(period);
  };
  const report = result.data;
  return (
    <>
      <h1>{text.title}</h1>
      <p>
        <Link to={paths.orders.to()}>{orderText.title}</Link>
      </p>
      {allowed ? <p>{text.lead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      {allowed ? (
        <form className="console-filter" onSubmit={run} aria-label={text.title}>
          <div className="console-filter__items">
            <label className="console-filter__item">
              <span>{text.from}</span>
              <input type="date" required className="city-input" value={period.from} onChange={(event) => { setPeriod({ ...period, from: event.target.value }); }} />
            </label>
            <label className="console-filter__item">
              <span>{text.to}</span>
              <input type="date" required className="city-input" value={period.to} onChange={(event) => { setPeriod({ ...period, to: event.target.value }); }} />
            </label>
          </div>
          <Button type="submit" disabled={result.isLoading}>
            {result.isLoading ? text.running : text.run}
          </Button>
        </form>
      ) : null}
      {result.error === undefined ? null : <CallFailure error={result.error} />}
      {settling.error === undefined ? null : <CallFailure error={settling.error} />}
      <DoneMessage message={done} />
      {report === undefined ? null : (
        <>
          <div role="status">
            <p>{text.checked(report.checked, report.provider)}</p>
            {report.differences.length === 0 ? <p className="console-done console-done--strong">{text.noDifference}</p> : <p>{text.differing(report.differences.length)}</p>}
          </div>
          {report.differences.length === 0 ? null : (
            <div className="console-table-scroll">
              <table className="console-table">
                <caption>{text.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{orderText.columnReceipt}</th>
                    <th scope="col">{orderText.columnSurvey}</th>
                    <th scope="col">{orderText.columnTotal}</th>
                    <th scope="col">{text.columnOurs}</th>
                    <th scope="col">{text.columnProvider}</th>
                    <th scope="col">{text.columnDifference}</th>
                    <th scope="col">{orderText.columnAction}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.differences.map((row) => (
                    <tr key={row.order.orderId}>
                      <th scope="row">
                        <ReceiptLink order={row.order} />
                      </th>
                      <td>{row.order.surveyTitle}</td>
                      <td className="console-number">{orderText.yen(row.order.total)}</td>
                      <td>{messages.orderStatuses[row.order.status] ?? row.order.status}</td>
                      <td>{providerStateOf(row)}</td>
                      <td>{text.differences[row.difference] ?? row.difference}</td>
                      <td>
                        {row.settleable ? (
                          <Button
                            variant="secondary"
                            disabled={settling.isLoading}
                            aria-label={text.settleOf(row.order.receiptNumber)}
                            onClick={() => {
                              void settle({ orderId: row.order.orderId })
                                .unwrap()
                                .then((order) => {
                                  // The list again, as the provider now has it: the row settled goes.
                                  void reconcile(period);
                                  setDone(text.settled(order.receiptNumber, messages.orderStatuses[order.status] ?? order.status));
                                }, () => undefined);
                            }}
                          >
                            {text.settle}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
