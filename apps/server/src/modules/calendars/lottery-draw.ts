// Lottery booking (issue 28, 抽選): the draw itself, a pure function of its recorded seed and the
// applications, so that anyone with the seed (an auditor, a citizen's complaint) draws the same
// winners again, on any run and any engine. The applications are put in one canonical order first
// (by their id), so the order a database returns them in changes nothing; then shuffled by a
// generator that is SHA-256 of the seed and a counter (no Math.random, no engine's RANDOM()).
// Winners are taken in the shuffled order while their slot has room and the citizen is under the
// calendar's per-citizen limit (and has not won that slot already); those who found their slot
// full are ranked, in the same order, for places that winners give up (unbooked or unpaid by the
// deadline), which go to the next drawn. Those passed over for the limit (or for a slot they won
// already) are not ranked: a place offered to them later could not be booked.
import { createHash } from 'node:crypto';

export interface LotteryApplication {
  applicationId: number;
  userId: string;
  /** The slot applied for: `date|slotId` within the calendar. */
  slotKey: string;
  units: number;
}

export interface LotteryDraw {
  /** Every application in drawn order (the first drawn first). */
  order: number[];
  /** The applications drawn as winners. */
  winners: number[];
  /** Those who found their slot full, by slot, in drawn order: who is offered a place a winner gives up, first to last. */
  reserves: Map<string, number[]>;
  /** Those passed over for the per-citizen limit (when drawn, or reached later in the draw), or for a slot they had won already. */
  passedOver: number[];
}

/** Uniform integers below `bound` from the seed: SHA-256(seed:counter), 48 bits a draw. */
function seededIntegers(seed: string): (bound: number) => number {
  let counter = 0;
  return (bound) => {
    const digest = createHash('sha256').update(`${seed}:${String(counter)}`).digest();
    counter += 1;
    return Math.floor((digest.readUIntBE(0, 6) / 2 ** 48) * bound);
  };
}

/**
 * Draws the lottery. `capacity`: units each slot can give; `held`: bookings each citizen already
 * holds in the calendar (the per-citizen limit counts them); `limit`: most bookings a citizen may
 * hold there (none: no limit).
 */
export function drawLottery(input: {
  seed: string;
  applications: readonly LotteryApplication[];
  capacity: ReadonlyMap<string, number>;
  held?: ReadonlyMap<string, number>;
  limit?: number | undefined;
}): LotteryDraw {
  const next = seededIntegers(input.seed);
  const order = [...input.applications].sort((a, b) => a.applicationId - b.applicationId);
  // Fisher–Yates, from the end.
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = next(index + 1);
    const [here, there] = [order[index], order[other]];
    if (here === undefined || there === undefined) throw new Error('drawLottery: an index outside the applications');
    order[index] = there;
    order[other] = here;
  }
  const left = new Map(input.capacity);
  const holding = new Map(input.held ?? []);
  const winners: number[] = [];
  const passedOver: number[] = [];
  const reserves = new Map<string, number[]>();
  // A citizen wins a slot once, however many times they applied for it.
  const won = new Set<string>();
  for (const application of order) {
    const room = left.get(application.slotKey) ?? 0;
    const holds = holding.get(application.userId) ?? 0;
    const citizenSlot = `${application.userId}\n${application.slotKey}`;
    if ((input.limit !== undefined && holds >= input.limit) || won.has(citizenSlot)) {
      passedOver.push(application.applicationId);
    } else if (room >= application.units) {
      winners.push(application.applicationId);
      won.add(citizenSlot);
      left.set(application.slotKey, room - application.units);
      holding.set(application.userId, holds + 1);
    } else {
      reserves.set(application.slotKey, [...(reserves.get(application.slotKey) ?? []), application.applicationId]);
    }
  }
  // A reserve whose citizen reached the limit with a slot won later in the draw is not ranked
  // either: a place offered to them could not be booked.
  if (input.limit !== undefined) {
    const limit = input.limit;
    const byId = new Map(order.map((application) => [application.applicationId, application]));
    for (const [slotKey, ranked] of reserves) {
      const kept = ranked.filter((id) => (holding.get(byId.get(id)?.userId ?? '') ?? 0) < limit);
      passedOver.push(...ranked.filter((id) => !kept.includes(id)));
      if (kept.length === 0) reserves.delete(slotKey);
      else reserves.set(slotKey, kept);
    }
  }
  return { order: order.map((application) => application.applicationId), winners, reserves, passedOver };
}
