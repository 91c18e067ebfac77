import type { PostgresQueryable } from '../../db/postgres.js';
import type { PaymentEventRepository } from './payment-event-repository.js';

export function createPostgresPaymentEventRepository(db: PostgresQueryable): PaymentEventRepository {
  return {
    async has(provider, eventId) {
      const { rowCount } = await db.query({ name: 'paymentEvents.has', text: 'SELECT 1 FROM payment_events WHERE provider = $1 AND event_id = $2', values: [provider, eventId] });
      return rowCount === 1;
    },
    async remember(event, now) {
      await db.query({
        name: 'paymentEvents.remember',
        text: 'INSERT INTO payment_events (provider, event_id, session_id, outcome, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        values: [event.provider, event.eventId, event.sessionId, event.outcome, now],
      });
    },
  };
}
