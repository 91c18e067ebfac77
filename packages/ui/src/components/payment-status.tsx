import { uiPaymentMessages } from '../payment-messages.js';

/** How an order stands (the same values as `OrderStatus` in @city/api-client). */
export type PaymentState = keyof typeof uiPaymentMessages.paymentStatus;

/** A mark beside the words, so the state never rests on colour alone (nor on the mark alone). */
const marks: Record<PaymentState, string> = { paid: '✓', pending: '…', cancelled: '−', failed: '×', expired: '−', refunded: '↩' };

export interface PaymentStatusProps {
  status: PaymentState;
  /**
   * The money came in but could not be kept and its refund is not confirmed yet (`refundPending`
   * of an order): that is what the citizen needs to know, whatever the status says.
   */
  refundPending?: boolean | undefined;
}

/** The payment state of an order as a label: 「お支払い: 支払い済み」, in words with a mark. */
export function PaymentStatus({ status, refundPending = false }: PaymentStatusProps) {
  return (
    <span className="city-payment-status" data-status={refundPending ? 'refund-pending' : status}>
      <span aria-hidden="true" className="city-payment-status__mark">
        {refundPending ? marks.refunded : marks[status]}
      </span>
      {uiPaymentMessages.paymentStatusLabel}: {refundPending ? uiPaymentMessages.paymentRefundPending : uiPaymentMessages.paymentStatus[status]}
    </span>
  );
}
