// reservation/temprary: store a citizen's submission as a record waiting for its payment: its
// slots held (counting against capacity until the hold expires) and a pending order priced from
// the survey, all in one transaction, once per Idempotency-Key.
import type { TemporaryReservation } from '@city/api-client';
import type { SubmissionPayload } from '@city/survey-core';
import { priceOrder } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { sameSlot } from '../calendars/bookings.js';
import type { SlotClaim } from '../calendars/calendar-repository.js';
import { requireMembership } from '../members/membership-rules.js';
import { HOLD_LIFETIME_MS } from '../orders/holds.js';
import { placeOrder } from '../orders/orders.js';
import type { RecordsDeps } from './records.js';
import type { Idempotency } from './submit-record.js';
import { checkSubmission, once, storeSubmission } from './submit-record.js';

/**
 * Checks the submission exactly as putItem does, prices its order from the survey (the payload's
 * order carries product ids and quantities; anything else in it is never read), and stores the
 * record, its new claims as holds expiring HOLD_LIFETIME_MS from now (a booking the record already
 * held stays a booking) and a pending order. 400 `order_required` without products to pay for,
 * 400 `invalid_order` (its message lists the problems) for an order that cannot be priced. Then
 * starts the payment (`startCheckout`: the provider's page, or 503 `payment_unavailable` with the
 * order released).
 */
export async function holdRecord(
  deps: RecordsDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotency: Idempotency | undefined,
  startCheckout: (orderId: string) => Promise<string>,
): Promise<TemporaryReservation> {
  const hold = await deps.store.transaction(async (repositories): Promise<Omit<TemporaryReservation, 'paymentUrl'>> =>
    once(repositories.idempotency, userId, idempotency, 'temprary', async () => {
      // Before anything about the order: a membership is not bought here (paid memberships are not
      // built), and a members-only survey is refused to a non-member whatever they would pay.
      const survey = await repositories.surveys.find(payload.data[0]?.surveyId ?? '');
      if (survey?.config.membership !== undefined) throw new HttpError(400, 'membership_not_payable', messages.membershipNotPayable);
      if (survey !== undefined) await requireMembership(repositories, survey.config, userId);
      const order = payload.order ?? { items: [] };
      if (order.items.length === 0) throw new HttpError(400, 'order_required', messages.orderRequired);
      const submission = await checkSubmission(deps, repositories, userId, payload);
      // A paid record's edit keeps its payment through putItem; paying for it again is refused.
      if (submission.paidOrder !== undefined) throw new HttpError(409, 'order_paid', messages.orderPaid);
      const priced = priceOrder(submission.survey.surveySchema, { items: order.items.map(({ productId, quantity }) => ({ productId, quantity })) });
      // The error body carries one message: every problem, one a line.
      if (!priced.ok) throw new HttpError(400, 'invalid_order', priced.problems.join('\n'));

      const now = deps.now();
      const holdExpiresAt = now + HOLD_LIFETIME_MS;
      // A slot the replaced records already booked (an edit keeping it) stays booked; the others are held.
      const isBooked = (claim: SlotClaim) => submission.heldClaims.some((b) => b.holdExpiresAt === undefined && b.itemKey === claim.itemKey && sameSlot(b, claim));
      const claims = submission.claims.map((claim) => (isBooked(claim) ? claim : { ...claim, holdExpiresAt }));
      await storeSubmission(repositories, { ...submission, claims }, now);
      const orderId = await placeOrder(repositories.orders, {
        partitionKey: submission.partitionKey,
        surveyId: submission.survey.surveyId,
        receiptNumber: submission.receiptNumber,
        userId,
        totalYen: priced.order.total,
        lines: priced.order.lines,
        heldClaims: claims
          .filter((claim) => claim.holdExpiresAt !== undefined)
          .map(({ itemKey, calendarId, date, slotId, units }) => ({ itemKey, calendarId, date, slotId, units })),
        holdExpiresAt,
        now,
      });
      return {
        holdId: orderId,
        expiresAt: holdExpiresAt,
        total: priced.order.total,
        partitionKey: submission.partitionKey,
        receiptNumber: submission.receiptNumber,
      };
    }),
  );
  // The provider's session is made after the hold is committed, outside the transaction (a network
  // call must not hold the database's writer). A retry with the same key gets the same hold back
  // and, from startCheckout, the session stored for it: never a second one.
  return { ...hold, paymentUrl: await startCheckout(hold.holdId) };
}
