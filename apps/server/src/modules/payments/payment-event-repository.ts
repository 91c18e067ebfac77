import type { SqliteDatabase } from '../../db/database.js';
import type { PaymentOutcome } from './provider.js';

/** Notifications already handled, by (provider, event id) (migration 5). */
export interface PaymentEventRepository {
  has(provider: string, eventId: string): Promise<boolean>;
  /** Remembers a handled event; remembering it again changes nothing. */
  remember(event: { provider: string; eventId: string; sessionId: string; outcome: PaymentOutcome['kind'] }, now: number): Promise<void>;
}

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
