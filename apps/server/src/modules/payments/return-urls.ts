// Where a payment provider sends the citizen back. Landing there proves nothing about the payment:
// the result pages ask getOrder, which asks the provider.
import type { PaymentReturn } from '@city/api-client';

export interface ReturnUrls {
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
}

/**
 * The result pages of order `orderId` under `base`: the app's public origin, or the LIFF URL
 * (`https://liff.line.me/{liffId}`) so that inside LINE the citizen comes back into the mini-app,
 * which has their session, not into a plain browser tab.
 */
export function returnUrlsOf(orderId: string, base: string): ReturnUrls {
  const id = encodeURIComponent(orderId);
  return { successUrl: `${base}/completedPayment/${id}`, cancelUrl: `${base}/canceledPayment?order=${id}`, errorUrl: `${base}/errorPayment?order=${id}` };
}

/** The base of the return URLs: LIFF when asked for and known, else the app's public origin. */
export function returnBaseOf(returnTo: PaymentReturn | undefined, liffId: string | undefined, publicOrigin: string): string {
  return returnTo === 'liff' && liffId !== undefined ? `https://liff.line.me/${encodeURIComponent(liffId)}` : publicOrigin;
}
