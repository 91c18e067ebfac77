// The reservation demo works end to end on a development start: its calendars are read as the
// app reads them, and the demo survey (which charges a fee) holds them through temprary, few-left
// and full slots included; putItem refuses its order.
import { demoBusyDate, HEALTH_CHECKUP } from '@city/demo-data';
import { buildSubmissionPayload, formatReservationValue, todayInJapan } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ NODE_ENV: 'development' });
});
afterAll(async () => {
  await ctx.close();
});

const busy = () => demoBusyDate(todayInJapan());
const payloadFor = (userIndex: number, slotId: string) => {
  const user = ctx.users[userIndex]!;
  return buildSubmissionPayload({
    config: HEALTH_CHECKUP,
    userId: user.userId,
    answers: {
      name: user.displayName,
      phone: '090-1234-5678',
      slot: formatReservationValue({ categoryId: 'checkup-central', date: busy(), slotId }),
      fee: ['checkup-fee'],
      options: ['blood-test'],
    },
  });
};
const book = (userIndex: number, slotId: string) =>
  ctx.call(ctx.users[userIndex]!, 'putTemporaryReservation', { body: payloadFor(userIndex, slotId) });

describe('the reservation demo on a development start', () => {
  it('shows the busy date of 中央保健センター with one unit left in slot 2 and slot 3 full', async () => {
    const response = await ctx.call(ctx.users[0]!, 'getCalendarSlots', { query: { calendarId: 'cal-checkup-central', from: busy(), to: busy() } });
    expect(response.status).toBe(200);
    expect(response.body.data.slots.map((slot) => [slot.slotId, slot.start, slot.left, slot.status])).toEqual([
      ['1', '09:00', 5, 'open'],
      ['2', '10:00', 1, 'open'],
      ['3', '13:00', 0, 'open'],
      ['4', '14:00', 5, 'open'],
    ]);
  });

  it('holds the last unit of slot 2 once, priced 受診料 + 追加血液検査; the next citizen, and slot 3, get slot_full', async () => {
    const held = await book(0, '2');
    expect(held.status).toBe(200);
    expect(held.body.data.total).toBe(2300);
    expect(held.body.data.paymentUrl).toMatch(/\/__dev\/payments\/sandbox\/checkout\/sbcs_[0-9a-f]+$/);
    const late = await book(1, '2');
    expect([late.status, late.body.code]).toEqual([409, 'slot_full']);
    const full = await book(2, '3');
    expect([full.status, full.body.code]).toEqual([409, 'slot_full']);
  });

  it('cannot be booked without paying: putItem refuses the order, and the fee is required', async () => {
    const user = ctx.users[1]!;
    const payload = payloadFor(1, '4');
    const withOrder = await ctx.call(user, 'putReservation', { body: payload });
    expect([withOrder.status, withOrder.body.code]).toEqual([400, 'payments_not_available']);
    const withoutOrder = { ...payload, order: undefined };
    const unpaid = await ctx.call(user, 'putReservation', { body: withoutOrder });
    expect([unpaid.status, unpaid.body.code]).toEqual([400, 'invalid_answers']);
    const optionOnly = await ctx.call(user, 'putTemporaryReservation', { body: { ...payload, order: { items: [{ productId: 'blood-test', quantity: 1 }] } } });
    expect([optionOnly.status, optionOnly.body.code]).toEqual([400, 'invalid_answers']);
  });
});
