import type { PaymentOutcome } from './provider.js';

/** Notifications already handled, by (provider, event id) (migration 5). */
export interface PaymentEventRepository {
  has(provider: string, eventId: string): Promise<boolean>;
  /** Remembers a handled event; remembering it again changes nothing. */
  remember(event: { provider: string; eventId: string; sessionId: string; outcome: PaymentOutcome['kind'] }, now: number): Promise<void>;
}
