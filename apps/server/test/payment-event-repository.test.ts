// Payment notifications already handled, on either engine: one row per event, however often (and
// on however many connections at once) it is remembered.
import { describe, expect, it } from 'vitest';
import { createPostgresPaymentEventRepository } from '../src/modules/payments/postgres-payment-event-repository.js';
import { createSqlitePaymentEventRepository } from '../src/modules/payments/sqlite-payment-event-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const paymentEvents = { sqlite: createSqlitePaymentEventRepository, postgres: createPostgresPaymentEventRepository };

describe.each(ENGINES)('payment events on %s', (engine) => {
  const each = useTestDatabase(engine, paymentEvents);

  it('remembers an event once, even when it is remembered five times at once', async () => {
    expect(await each.store.read.has('sandbox', 'evt_1')).toBe(false);
    const event = { provider: 'sandbox', eventId: 'evt_1', sessionId: 'cs_1', outcome: 'paid' as const };
    await Promise.all(Array.from({ length: 5 }, () => each.store.transaction((events) => events.remember(event, 1000))));
    expect(await each.store.read.has('sandbox', 'evt_1')).toBe(true);
    expect(await each.store.read.has('stripe', 'evt_1')).toBe(false);
    expect(await each.database.execute('SELECT provider, event_id, outcome, received_at FROM payment_events')).toEqual([
      { provider: 'sandbox', event_id: 'evt_1', outcome: 'paid', received_at: 1000 },
    ]);
  });
});
