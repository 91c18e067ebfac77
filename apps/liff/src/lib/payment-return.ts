// What the app keeps in session storage while the citizen is on the payment provider's page: the
// page is left with a full navigation, so the store is gone when the provider sends them back.

/** Session storage key of the payment under way. */
export const PAYMENT_IN_PROGRESS_KEY = 'paymentInProgress';

/** The payment under way: enough to come back to (the order) and to start again from (the survey). */
export interface PaymentInProgress {
  orderId: string;
  surveyId: string;
  partitionKey: string;
  receiptNumber: string;
}

export function savePaymentInProgress(storage: Storage, payment: PaymentInProgress): void {
  storage.setItem(PAYMENT_IN_PROGRESS_KEY, JSON.stringify(payment));
}

/** The payment under way, if any (and only if it reads as one). */
export function readPaymentInProgress(storage: Storage): PaymentInProgress | null {
  const raw = storage.getItem(PAYMENT_IN_PROGRESS_KEY);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PaymentInProgress>;
    if (typeof value.orderId !== 'string' || typeof value.surveyId !== 'string' || typeof value.partitionKey !== 'string' || typeof value.receiptNumber !== 'string') return null;
    return { orderId: value.orderId, surveyId: value.surveyId, partitionKey: value.partitionKey, receiptNumber: value.receiptNumber };
  } catch {
    return null;
  }
}

/** Forgets the payment once it is settled (paid, cancelled, failed, expired or refunded). */
export function clearPaymentInProgress(storage: Storage, orderId: string): void {
  if (readPaymentInProgress(storage)?.orderId === orderId) storage.removeItem(PAYMENT_IN_PROGRESS_KEY);
}
