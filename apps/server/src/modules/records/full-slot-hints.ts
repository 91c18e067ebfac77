// Slots bookings were refused on a moment ago, in this process: where full-slot-refusal.ts tries
// one read before a transaction. A hint only: the read decides.

/**
 * How long a `slot_full` refusal makes the next bookings of that slot try the read first (ms). Long:
 * a slot full in a surge stays full, and a hint gone stale costs one read. With one second, a slot
 * refused on another instance a moment before went the transaction's way on this one (in
 * `pnpm bench:surge` on three instances, 800 of the first 2,000 refusals: six round trips each).
 */
const HINT_MS = 30_000;
/** Slots remembered at most; past it, all are forgotten. */
const MOST_HINTS = 10_000;

/** Slots a booking was refused on recently, in this process: where a refusal without a transaction is worth a read. */
export class FullSlotHints {
  private readonly refusedAt = new Map<string, number>();
  /** When the last refusal was noted (ms). */
  private latest = Number.NEGATIVE_INFINITY;

  noteRefused(slotKey: string, now: number): void {
    if (this.refusedAt.size >= MOST_HINTS) this.refusedAt.clear();
    this.refusedAt.set(slotKey, now);
    this.latest = now;
  }

  /** Whether any slot was refused within the hint's time: if none, no booking is worth looking at. */
  anyRecent(now: number): boolean {
    return isRecent(this.latest, now);
  }

  likelyFull(slotKey: string, now: number): boolean {
    const at = this.refusedAt.get(slotKey);
    return at !== undefined && isRecent(at, now);
  }
}

/** A refusal at `at` still hints at `now` (a clock gone back: no). */
const isRecent = (at: number, now: number) => now >= at && now - at < HINT_MS;
