import type { StaffOrder } from '@city/api-client/staff-contract';
import { ORDER_STATUSES } from '@city/api-client/staff-contract';
import { Button, Dialog, Loading, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { TextAreaField } from '../../components/form-fields.js';
import { DoneMessage } from '../../components/done-message.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { QueryOf } from '../../store/staff-api.js';
import { ReceiptLink } from './receipt-link.js';
import { useStaffOrdersQuery, useStaffRefundOrderMutation, useStaffSurveysQuery } from '../../store/staff-api.js';

const text = messages.orders;

interface OrderSearch {
  receiptNumber: string;
  /** An order state, `refundOwed`, or '' for any. */
  status: string;
  surveyId: string;
  from: string;
  to: string;
}

const emptySearch: OrderSearch = { receiptNumber: '', status: '', surveyId: '', from: '', to: '' };

/** The search as the query sends it: blank fields are no condition. */
function queryOf(search: OrderSearch, after: string | undefined): QueryOf<'staffOrders'> {
  const receiptNumber = search.receiptNumber.trim();
  return {
    ...(receiptNumber === '' ? {} : { receiptNumber }),
    ...(search.status === '' ? {} : { status: search.status as NonNullable<QueryOf<'staffOrders'>['status']> }),
    ...(search.surveyId === '' ? {} : { surveyId: search.surveyId }),
    ...(search.from === '' ? {} : { from: search.from }),
    ...(search.to === '' ? {} : { to: search.to }),
    ...(after === undefined ? {} : { after }),
  };
}

const at = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/** Whether the order has money to give back: paid, or a refund owed. */
const refundable = (order: StaffOrder) => order.status === 'paid' || order.refundOwed;

/** The refund's dialog: what will happen (a paid booking is cancelled too), and the reason, required. */
function RefundDialog({ order, onDone, onClose }: { order: StaffOrder; onDone: (order: StaffOrder) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [refund, result] = useStaffRefundOrderMutation();
  const amount = text.yen(order.total);
  const confirm = () => {
    if (reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    void refund({ orderId: order.orderId, reason: reason.trim() })
      .unwrap()
      .then(onDone, () => undefined);
  };
  return (
    <Dialog open title={text.refundTitle} confirmLabel={result.isLoading ? messages.loading : text.refundConfirm(amount)} cancelLabel={messages.cancelDialog} danger onConfirm={confirm} onCancel={onClose}>
      <p>{order.status === 'paid' ? text.refundPaidLead(order.receiptNumber, amount) : text.refundOwedLead(order.receiptNumber, amount)}</p>
      <TextAreaField
        label={text.refundReason}
        maxLength={1000}
        value={reason}
        problem={reasonMissing ? text.refundReasonRequired : undefined}
        onChange={(value) => {
          setReason(value);
          setReasonMissing(false);
        }}
      />
      {result.error === undefined ? null : <CallFailure error={result.error} />}
    </Dialog>
  );
}

function OrdersTable({ orders, mayRefund, onRefund }: { orders: StaffOrder[]; mayRefund: boolean; onRefund: (order: StaffOrder) => void }) {
  return (
    <div className="console-table-scroll">
      <table className="console-table">
        <caption>{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columnReceipt}</th>
            <th scope="col">{text.columnSurvey}</th>
            <th scope="col">{text.columnLines}</th>
            <th scope="col">{text.columnTotal}</th>
            <th scope="col">{text.columnStatus}</th>
            <th scope="col">{text.columnMethod}</th>
            <th scope="col">{text.columnCreated}</th>
            <th scope="col">{text.columnPaid}</th>
            <th scope="col">{text.columnRefunded}</th>
            {mayRefund ? <th scope="col">{text.columnAction}</th> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <th scope="row">
                <ReceiptLink order={order} />
              </th>
              <td>{order.surveyTitle}</td>
              <td>{order.lines.join('、')}</td>
              <td className="console-number">{text.yen(order.total)}</td>
              <td>
                {messages.orderStatuses[order.status] ?? order.status}
                {order.refundOwed ? <strong className="console-badge">{text.refundOwed}</strong> : null}
              </td>
              <td>{order.paymentMethod ?? ''}</td>
              <td>{at(order.createdAt)}</td>
              <td>{at(order.paidAt)}</td>
              <td>{at(order.refundedAt)}</td>
              {mayRefund ? (
                <td>
                  {refundable(order) ? (
                    <Button variant="secondary" aria-label={text.refundOf(order.receiptNumber)} onClick={() => { onRefund(order); }}>
                      {text.refund}
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/orders`: the orders of the staff member's teams' surveys, newest first, searched and paged; a refund from here. */
export function OrdersPage() {
  useDocumentTitle(text.title);
  const session = useAppSelector(selectSession);
  const [draft, setDraft] = useState<OrderSearch>(emptySearch);
  const [search, setSearch] = useState<OrderSearch>(emptySearch);
  // The cursor of each page turned to (older and older).
  const [pages, setPages] = useState<string[]>([]);
  const [refunding, setRefunding] = useState<StaffOrder | undefined>(undefined);
  const [done, setDone] = useState('');
  const orders = useStaffOrdersQuery(queryOf(search, pages.at(-1)), { refetchOnMountOrArgChange: true });
  const surveys = useStaffSurveysQuery(undefined);
  const mayRefund = mayTake(session, 'records.refund');
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(draft);
    setPages([]);
    setDone('');
  };
  const set = (name: keyof OrderSearch) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [name]: event.target.value });
  };
  const next = orders.data?.next ?? null;
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.lead}</p>
      {mayTake(session, 'orders.reconcile') ? (
        <p>
          <Link to={paths.reconciliation.to()}>{text.toReconciliation}</Link>
        </p>
      ) : null}
      {mayRefund ? null : <p className="console-note">{text.refundLeftToStaff}</p>}
      <form className="console-filter" onSubmit={submit} aria-label={text.search}>
        <div className="console-filter__items">
          <label className="console-filter__item">
            <span>{text.receiptNumber}</span>
            <input className="city-input" value={draft.receiptNumber} onChange={set('receiptNumber')} />
          </label>
          <label className="console-filter__item">
            <span>{text.status}</span>
            <select className="city-input" value={draft.status} onChange={set('status')}>
              <option value="">{text.anyStatus}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {messages.orderStatuses[status] ?? status}
                </option>
              ))}
              <option value="refundOwed">{text.refundOwed}</option>
            </select>
          </label>
          <label className="console-filter__item">
            <span>{text.survey}</span>
            <select className="city-input" value={draft.surveyId} onChange={set('surveyId')}>
              <option value="">{text.anySurvey}</option>
              {(surveys.data ?? []).map((survey) => (
                <option key={survey.surveyId} value={survey.surveyId}>
                  {survey.title}
                </option>
              ))}
            </select>
          </label>
          <label className="console-filter__item">
            <span>{text.from}</span>
            <input type="date" className="city-input" value={draft.from} onChange={set('from')} />
          </label>
          <label className="console-filter__item">
            <span>{text.to}</span>
            <input type="date" className="city-input" value={draft.to} onChange={set('to')} />
          </label>
        </div>
        <Button type="submit">{text.submit}</Button>
      </form>
      <DoneMessage message={done} />
      {orders.error === undefined ? null : <CallFailure error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.isFetching ? <Loading label={messages.loading} /> : null}
      {orders.data?.orders.length === 0 ? <Notice tone="info">{text.empty}</Notice> : null}
      {orders.data !== undefined && orders.data.orders.length > 0 ? (
        <OrdersTable
          orders={orders.data.orders}
          mayRefund={mayRefund}
          onRefund={(order) => {
            setDone('');
            setRefunding(order);
          }}
        />
      ) : null}
      <div className="console-actions">
        {pages.length > 0 ? (
          <Button variant="secondary" onClick={() => { setPages(pages.slice(0, -1)); }}>
            {text.newer}
          </Button>
        ) : null}
        {next === null ? null : (
          <Button variant="secondary" onClick={() => { setPages([...pages, next]); }}>
            {text.older}
          </Button>
        )}
      </div>
      {refunding === undefined ? null : (
        <RefundDialog
          order={refunding}
          onClose={() => { setRefunding(undefined); }}
          onDone={(refunded) => {
            setRefunding(undefined);
            setDone(text.refunded(refunded.receiptNumber, text.yen(refunded.total)));
          }}
        />
      )}
    </>
  );
}
