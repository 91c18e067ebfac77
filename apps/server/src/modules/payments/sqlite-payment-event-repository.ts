import type { SqliteDatabase } from '../../db/database.js';
import type { PaymentEventRepository } from './payment-event-repository.js';

export function createSqlitePaymentEventRepository(db: SqliteDatabase): PaymentEventRepository {
  const has = db.prepare<[string, string], { found: number }>('SELECT 1 AS found FROM payment_events WHERE provider = ? AND event_id = ?');
  const remember = db.prepare<[string, string, string, string, number]>(
    'INSERT OR IGNORE INTO payment_events (provider, event_id, session_id, outcome, received_at) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    async has(provider, eventId) {
      return has.get(provider, eventId) !== undefined;
    },
    async remember(event, now) {
      remember.run(event.provider, event.eventId, event.sessionId, event.outcome, now);
    },
  };
}
