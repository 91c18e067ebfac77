// Orders on either engine: a payment confirmed once however many notifications for it arrive at the
// same moment (on several server instances sharing one PostgreSQL), and a user's orders newest first.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPostgresCalendarRepository } from '../src/modules/calendars/postgres-calendar-repository.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import type { NewOrder } from '../src/modules/orders/order-repository.js';
import { createPostgresOrderRepository } from '../src/modules/orders/postgres-order-repository.js';
import { confirmOrder, releaseOrder } from '../src/modules/orders/settle-order.js';
import { createSqliteOrderRepository } from '../src/modules/orders/sqlite-order-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const ordersAndCalendars = {
  sqlite: (db: Parameters<typeof createSqliteOrderRepository>[0], configuration: Parameters<typeof createSqliteCalendarRepository>[1]) => ({
    orders: createSqliteOrderRepository(db),
    calendars: createSqliteCalendarRepository(db, configuration),
  }),
  postgres: (db: Parameters<typeof createPostgresOrderRepository>[0], configuration: Parameters<typeof createPostgresCalendarRepository>[1]) => ({
    orders: createPostgresOrderRepository(db, configuration),
    calendars: createPostgresCalendarRepository(db, configuration),
  }),
};
const DATE = '2026-12-01';

const order = (orderId: string, createdAt: number): NewOrder => ({
  orderId,
  partitionKey: 'checkup#U1',
  surveyId: 'checkup',
  receiptNumber: 'R1',
  userId: 'U1',
  status: 'pending',
  totalYen: 3000,
  lines: [{ productId: 'p1', name: '健診', unitPrice: 3000, quantity: 1, subtotal: 3000 }],
  heldClaims: [{ itemKey: 'reservation', calendarId: 'cal-1', date: DATE, slotId: 'am', units: 1 }],
  provider: 'sandbox',
  providerSessionId: null,
  holdExpiresAt: 2000,
  createdAt,
  updatedAt: createdAt,
});

describe.each(ENGINES)('orders on %s', (engine) => {
  const each = useTestDatabase(engine, ordersAndCalendars);
  beforeEach(async () => {
    const { database } = each;
    await database.execute("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('checkup', '{}', 0)");
    await database.execute("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('checkup#U1', 'checkup', 'U1', 'R1', 0, 0)");
    await database.execute("INSERT INTO calendar_categories (category_id, tag1, position) VALUES ('cat-1', '健診', 1)");
    await database.execute(
      "INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount, change_closes_unit, change_closes_amount, updated_at) VALUES ('cal-1', 'cat-1', 30, 'days', 1, 'days', 1, 0)",
    );
    await database.execute(`INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ('cal-1', '${DATE}', 'am', '09:00', '10:00', 5)`);
  });

  it('confirms a payment once when five notifications of it are handled at the same moment', async () => {
    // The hold lapsed and was swept: confirming claims the unit again, which must happen once.
    await each.store.transaction(({ orders }) => orders.insert(order('o1', 1000)));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => confirmOrder({ store: each.store }, 'o1', 3000)));
    expect(outcomes).toEqual(Array.from({ length: 5 }, () => 'confirmed'));
    expect(await each.database.execute("SELECT claimed_units FROM calendar_slots WHERE slot_id = 'am'")).toEqual([{ claimed_units: 1 }]);
    expect(await each.store.read.calendars.claimsOfRecord('checkup#U1')).toHaveLength(1);
    expect((await each.store.read.orders.find('o1'))?.status).toBe('paid');
    // A late release changes nothing once paid.
    expect(await releaseOrder({ store: each.store }, 'o1', 'expired', 4000)).toBe('paid');
  });

  it("lists a user's orders newest first, in the order made when made in the same millisecond", async () => {
    await each.store.transaction(async ({ orders }) => {
      await orders.insert(order('c-first', 1000));
      await orders.insert(order('a-second', 1000));
      await orders.insert(order('b-older', 500));
    });
    expect((await each.store.read.orders.ofUser('U1')).map((found) => found.orderId)).toEqual(['a-second', 'c-first', 'b-older']);
    expect(await each.store.transaction(({ orders }) => orders.setSession('a-second', { provider: 'sandbox', sessionId: 's1', url: 'https://pay.example/s1' }, 1100))).toBe(true);
    expect(await each.store.transaction(({ orders }) => orders.setSession('a-second', { provider: 'sandbox', sessionId: 's2', url: 'https://pay.example/s2' }, 1200))).toBe(false);
    expect((await each.store.read.orders.findBySession('sandbox', 's1'))?.orderId).toBe('a-second');
    expect(await each.store.transaction(({ orders }) => orders.markRefunded('a-second', 're_1', 1300))).toBe(true);
    expect(await each.store.transaction(({ orders }) => orders.markRefunded('a-second', 're_2', 1400))).toBe(false);
    expect(await each.store.read.orders.productIdsOrdered('checkup')).toEqual(new Set(['p1']));
  });
});
