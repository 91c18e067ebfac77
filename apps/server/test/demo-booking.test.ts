// The reservation demo works end to end on a development start: its calendars are read as the
// app reads them, and the demo survey books them through putItem (few-left and full slots included).
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
const book = (userIndex: number, slotId: string) => {
  const user = ctx.users[userIndex]!;
  const payload = buildSubmissionPayload({
    config: HEALTH_CHECKUP,
    userId: user.userId,
    answers: { name: user.displayName, phone: '090-1234-5678', slot: formatReservationValue({ categoryId: 'checkup-central', date: busy(), slotId }) },
  });
  return ctx.call(user, 'putReservation', { body: payload });
};

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

  it('books the last unit of slot 2 once; the next citizen, and slot 3, get slot_full', async () => {
    expect((await book(0, '2')).status).toBe(200);
    const late = await book(1, '2');
    expect([late.status, late.body.code]).toEqual([409, 'slot_full']);
    const full = await book(2, '3');
    expect([full.status, full.body.code]).toEqual([409, 'slot_full']);
  });
});
