// What the recount reads: the same statements on both engines (plain SQL, no parameters), each
// answering the rows that disagree. A consistent database answers none from any of them.
import type { Awaitable } from '../../db/store.js';

/**
 * A slot whose claimed units are not its claims' units, or above its capacity, or whose units owed
 * to its waitlist are not its waiting and offered places' units.
 */
export interface SlotDrift {
  calendarId: string;
  date: string;
  slotId: string;
  claimedUnits: number;
  claims: number;
  capacity: number;
  waitlistUnits: number;
  waitlistPlaces: number;
}

/** A claim (booking or hold) its record does not answer with that slot: the record gone, closed, or booking another. */
export interface ClaimDrift {
  partitionKey: string;
  itemKey: string;
  calendarId: string;
  date: string;
  slotId: string;
  reason: 'noRecord' | 'otherSlot' | 'closed';
}

/** A record's answer naming a slot it holds no claim on (an open record: a closed one holds none). */
export interface AnswerDrift {
  partitionKey: string;
  receiptNumber: string;
  itemKey: string;
  value: string;
}

/** A paid order whose record is gone or closed (cancelled without its refund). */
export interface OrderDrift {
  orderId: string;
  receiptNumber: string;
  partitionKey: string;
  reason: 'noRecord' | 'closed';
}

export interface RecountRepository {
  slots(): Awaitable<SlotDrift[]>;
  claims(): Awaitable<ClaimDrift[]>;
  answers(): Awaitable<AnswerDrift[]>;
  orders(): Awaitable<OrderDrift[]>;
  /** How many slots, claims, records and orders were compared. */
  totals(): Awaitable<{ slots: number; claims: number; records: number; orders: number }>;
}

const CLOSED = "('キャンセル', '取り消し')";

/** The statements, by what they find. */
export const RECOUNT_SQL = {
  slots: `SELECT * FROM (
      SELECT s.calendar_id, s.date, s.slot_id, s.claimed_units, s.capacity, s.waitlist_units,
        COALESCE((SELECT SUM(c.units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id), 0) AS claims,
        COALESCE((SELECT SUM(w.units) FROM waitlist_entries w
          WHERE w.calendar_id = s.calendar_id AND w.date = s.date AND w.slot_id = s.slot_id AND w.state IN ('waiting', 'offered')), 0) AS waitlist_places
      FROM calendar_slots s
    ) t
    WHERE t.claimed_units <> t.claims OR t.claimed_units > t.capacity OR t.waitlist_units <> t.waitlist_places
    ORDER BY t.calendar_id, t.date, t.slot_id`,
  claims: `SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id,
      CASE
        WHEN NOT EXISTS (SELECT 1 FROM survey_records rec WHERE rec.partition_key = c.partition_key) THEN 'noRecord'
        WHEN EXISTS (SELECT 1 FROM survey_results r WHERE r.partition_key = c.partition_key AND r.check_status IN ${CLOSED}) THEN 'closed'
        ELSE 'otherSlot'
      END AS reason
    FROM slot_claims c JOIN calendars k ON k.calendar_id = c.calendar_id
    WHERE NOT EXISTS (
        SELECT 1 FROM survey_results r
        WHERE r.partition_key = c.partition_key AND r.item_key = c.item_key AND r.value = k.category_id || '|' || c.date || '|' || c.slot_id
      )
      OR EXISTS (SELECT 1 FROM survey_results r WHERE r.partition_key = c.partition_key AND r.check_status IN ${CLOSED})
    ORDER BY c.partition_key, c.item_key`,
  answers: `SELECT r.partition_key, rec.receipt_number, r.item_key, r.value
    FROM survey_results r
    JOIN survey_records rec ON rec.partition_key = r.partition_key
    JOIN calendars k ON substr(r.value, 1, length(k.category_id) + 1) = k.category_id || '|'
    JOIN calendar_slots s ON s.calendar_id = k.calendar_id AND r.value = k.category_id || '|' || s.date || '|' || s.slot_id
    WHERE r.check_status NOT IN ${CLOSED}
      AND NOT EXISTS (SELECT 1 FROM slot_claims c WHERE c.partition_key = r.partition_key AND c.item_key = r.item_key)
      -- A record awaiting (or no longer awaiting) a payment whose hold lapsed answers a slot it holds
      -- no more: paying books it again, or refunds when the slot has filled (settle-order.ts).
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.partition_key = r.partition_key AND o.status IN ('pending', 'expired', 'failed', 'cancelled'))
    ORDER BY r.partition_key, r.item_key`,
  orders: `SELECT o.order_id, o.receipt_number, o.partition_key,
      CASE WHEN rec.partition_key IS NULL THEN 'noRecord' ELSE 'closed' END AS reason
    FROM orders o LEFT JOIN survey_records rec ON rec.partition_key = o.partition_key
    WHERE o.status = 'paid'
      AND (rec.partition_key IS NULL OR EXISTS (SELECT 1 FROM survey_results r WHERE r.partition_key = o.partition_key AND r.check_status IN ${CLOSED}))
    ORDER BY o.order_id`,
  totals: `SELECT (SELECT COUNT(*) FROM calendar_slots) AS slots, (SELECT COUNT(*) FROM slot_claims) AS claims,
      (SELECT COUNT(*) FROM survey_records) AS records, (SELECT COUNT(*) FROM orders) AS orders`,
} as const;

interface SlotRow {
  calendar_id: string;
  date: string;
  slot_id: string;
  claimed_units: number | string;
  claims: number | string;
  capacity: number | string;
  waitlist_units: number | string;
  waitlist_places: number | string;
}
interface ClaimRow {
  partition_key: string;
  item_key: string;
  calendar_id: string;
  date: string;
  slot_id: string;
  reason: ClaimDrift['reason'];
}
interface AnswerRow {
  partition_key: string;
  receipt_number: string;
  item_key: string;
  value: string;
}
interface OrderRow {
  order_id: string;
  receipt_number: string;
  partition_key: string;
  reason: OrderDrift['reason'];
}
interface TotalsRow {
  slots: number | string;
  claims: number | string;
  records: number | string;
  orders: number | string;
}

/** The repository over any engine's way of answering a statement's rows (PostgreSQL's counts come as text). */
export function recountRepositoryOver(rows: (sql: string) => Awaitable<unknown[]>): RecountRepository {
  // Each statement's rows have the columns its mapper's row type names (RECOUNT_SQL's).
  const mapped = <Out>(sql: string, map: (row: never) => Out): Awaitable<Out[]> => {
    const each = (found: unknown[]) => found.map((row) => map(row as never));
    const answer = rows(sql);
    return answer instanceof Promise ? answer.then(each) : each(answer);
  };
  return {
    slots: () =>
      mapped(RECOUNT_SQL.slots, (row: SlotRow): SlotDrift => ({
        calendarId: row.calendar_id,
        date: row.date,
        slotId: row.slot_id,
        claimedUnits: Number(row.claimed_units),
        claims: Number(row.claims),
        capacity: Number(row.capacity),
        waitlistUnits: Number(row.waitlist_units),
        waitlistPlaces: Number(row.waitlist_places),
      })),
    claims: () => mapped(RECOUNT_SQL.claims, (row: ClaimRow): ClaimDrift => ({ partitionKey: row.partition_key, itemKey: row.item_key, calendarId: row.calendar_id, date: row.date, slotId: row.slot_id, reason: row.reason })),
    answers: () => mapped(RECOUNT_SQL.answers, (row: AnswerRow): AnswerDrift => ({ partitionKey: row.partition_key, receiptNumber: row.receipt_number, itemKey: row.item_key, value: row.value })),
    orders: () => mapped(RECOUNT_SQL.orders, (row: OrderRow): OrderDrift => ({ orderId: row.order_id, receiptNumber: row.receipt_number, partitionKey: row.partition_key, reason: row.reason })),
    async totals() {
      const [row] = (await rows(RECOUNT_SQL.totals)) as TotalsRow[];
      return { slots: Number(row?.slots ?? 0), claims: Number(row?.claims ?? 0), records: Number(row?.records ?? 0), orders: Number(row?.orders ?? 0) };
    },
  };
}
