// The recount: every slot's claimed units against its claims, every claim against its record's
// answer, every open record's booking answer against its claim, every paid order against its
// record. Each finding is drift, which this product never expects (a booking, a change, a cancel,
// an import and a staff action each move the record and its claims in one transaction); the
// recount says so, where the earlier platform's counts were mended by hand in the database.
// It reads one snapshot, and changes nothing.
import type { Store } from '../../db/store.js';
import type { AnswerDrift, ClaimDrift, OrderDrift, RecountRepository, SlotDrift } from './recount-repository.js';

export interface RecountReport {
  /** How many were compared. */
  totals: { slots: number; claims: number; records: number; orders: number };
  slots: SlotDrift[];
  claims: ClaimDrift[];
  answers: AnswerDrift[];
  orders: OrderDrift[];
  /** Every finding added up: 0 when the database agrees with itself. */
  drift: number;
}

export async function recount(store: Store<{ recount: RecountRepository }>): Promise<RecountReport> {
  const snapshot = await store.openSnapshot();
  try {
    const read = snapshot.read.recount;
    const [totals, slots, claims, answers, orders] = [await read.totals(), await read.slots(), await read.claims(), await read.answers(), await read.orders()];
    return { totals, slots, claims, answers, orders, drift: slots.length + claims.length + answers.length + orders.length };
  } finally {
    await snapshot.close();
  }
}
