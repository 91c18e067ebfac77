// How Stripe signs a webhook: `Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "t.body"
// keyed with the endpoint's whsec_ secret}` (https://docs.stripe.com/webhooks#verify-manually).
import { createHmac } from 'node:crypto';

/** The `Stripe-Signature` header Stripe would send with `payload` at `timestamp` (seconds). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
