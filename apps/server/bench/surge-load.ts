// The surge's citizens (`pnpm bench:surge`), in a process of their own: reads a SurgeSpec as JSON
// on stdin, signs each citizen's ID token, then lets them arrive evenly over the surge's seconds.
// Each reloads the week's slots (compressed, as a phone asks), books one that the week shows free (a new Idempotency-Key, resent
// with the same key if the connection fails), and reloads the week again. Prints a SurgeResult.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { routes } from '@city/api-client/contract';
import { signWebIdToken } from '@city/line-stand-in';
import type { SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, formatReservationValue } from '@city/survey-core';
import type { BareResponse } from './bare-http-client.js';
import { BareHttpPool } from './bare-http-client.js';

export interface SurgeSpec {
  /** The instances' origins: citizen i goes to origins[i % origins.length]. */
  origins: string[];
  /** The number of the first citizen (each citizen's LINE user id is made from its number). */
  firstCitizen: number;
  citizens: number;
  seconds: number;
  channel: { channelId: string; channelSecret: string };
  survey: SurveyConfig;
  categoryId: string;
  calendarId: string;
  /** The week the citizens reload: the first and last date of the surge's slots. */
  from: string;
  to: string;
}

export interface SurgeResult {
  attempts: number;
  /** Answers by kind: `200`, `409 slot_full`, … (a booking answered twice would show here twice). */
  bookings: Record<string, number>;
  reloads: Record<string, number>;
  /** Requests whose connection failed, sent again (a booking with the same Idempotency-Key). */
  resent: number;
  /** The citizens whose booking was answered 200. */
  booked: string[];
  bookingMs: { p50: number; p95: number; p99: number; max: number };
  reloadMs: { p50: number; p95: number; p99: number; max: number };
  /** The slowest booking (ms) of the citizens who arrived in each second of the surge, in order. */
  slowestBookingBySecond: number[];
  /** CPU time this process used (ms), tokens signed before the surge not counted. */
  loadCpuMs: number;
  /** From the first request sent to the last answer. */
  elapsedMs: number;
}

const spec = JSON.parse(await new Response(process.stdin).text()) as SurgeSpec;
const userIdOf = (i: number) => `U${String(spec.firstCitizen + i).padStart(32, 's')}`;
const tokens = await Promise.all(
  Array.from({ length: spec.citizens }, (_, i) =>
    signWebIdToken(spec.channel, { userId: userIdOf(i), displayName: `市民 ${i}`, pictureUrl: 'https://profile.example/p.png' }, { expiresIn: 3 * 3600 }),
  ),
);

// Enough connections per instance that waiting citizens queue in the servers, not here.
const pools = new Map(spec.origins.map((origin) => [origin, new BareHttpPool(origin, 128)]));
const poolOf = (origin: string) => pools.get(origin) as BareHttpPool;
const bookings: Record<string, number> = {};
const reloads: Record<string, number> = {};
const bookingTimes: number[] = [];
const slowestBookingBySecond: number[] = [];
const reloadTimes: number[] = [];
const booked: string[] = [];
let resent = 0;
const count = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

interface Slot {
  date: string;
  slotId: string;
  left: number;
}

// The last week each instance sent and its slots: an instance sends the same bytes to every
// citizen until its slots change, and this process (not a phone) need not decompress and parse
// each copy again. The CPU saved is the machine's, which the instances share with this process.
const lastWeek = new Map<string, { bytes: Buffer; slots: Slot[] }>();

function slotsOf(origin: string, bytes: Buffer, encoding: unknown): Slot[] {
  const last = lastWeek.get(origin);
  if (last !== undefined && last.bytes.equals(bytes)) return last.slots;
  const text = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  const slots = (JSON.parse(text) as { data?: { slots: Slot[] } }).data?.slots ?? [];
  lastWeek.set(origin, { bytes, slots });
  return slots;
}

/** Connection failures a request is sent again after, at most; then the surge fails. */
const MOST_SENDS = 5;

/** `send()`'s answer, sent again when the connection fails (never when the answer is unexpected). */
async function sendAgainOnFailure(send: () => Promise<BareResponse>): Promise<BareResponse> {
  for (let sent = 1; ; sent++) {
    try {
      return await send();
    } catch (error) {
      if (sent >= MOST_SENDS) throw error;
      resent += 1;
    }
  }
}

/** Reloads the week's slots; returns them when `read` (the citizen's second reload only looks). */
async function reload(origin: string, token: string, read: boolean): Promise<Slot[]> {
  const started = performance.now();
  // As a phone's browser asks: compressed.
  const head = `GET ${routes.getCalendarSlots.path}?calendarId=${spec.calendarId}&from=${spec.from}&to=${spec.to} HTTP/1.1\r\nauthorization: Bearer ${token}\r\naccept-encoding: br, gzip`;
  const response = await sendAgainOnFailure(() => poolOf(origin).request(head));
  reloadTimes.push(performance.now() - started);
  count(reloads, String(response.status));
  return read && response.status === 200 ? slotsOf(origin, response.body, response.headers.get('content-encoding')) : [];
}

async function book(origin: string, token: string, i: number, slots: Slot[]): Promise<void> {
  const open = slots.filter((slot) => slot.left > 0);
  // A week showing nothing free: the citizen tries one all the same (and is told it is full).
  const pool = open.length > 0 ? open : slots;
  const slot = pool[Math.floor(Math.random() * pool.length)] ?? { date: spec.from, slotId: '1' };
  const body = JSON.stringify(
    buildSubmissionPayload({
      config: spec.survey,
      userId: userIdOf(i),
      answers: { name: `市民 ${i}`, slot: formatReservationValue({ categoryId: spec.categoryId, date: slot.date, slotId: slot.slotId }) },
    }),
  );
  const key = randomUUID();
  const started = performance.now();
  const head = `POST ${routes.putReservation.path} HTTP/1.1\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\nidempotency-key: ${key}`;
  // The same key again when the connection fails, as the app retries.
  const response = await sendAgainOnFailure(() => poolOf(origin).request(head, body));
  const answer = JSON.parse(response.body.toString('utf8')) as { code?: string };
  const took = performance.now() - started;
  bookingTimes.push(took);
  const second = Math.floor((i * spec.seconds) / spec.citizens);
  slowestBookingBySecond[second] = Math.max(slowestBookingBySecond[second] ?? 0, Math.round(took));
  const kind = response.status === 200 ? '200' : `${response.status} ${answer.code ?? ''}`;
  count(bookings, kind);
  if (response.status === 200) booked.push(userIdOf(i));
}

async function citizen(i: number): Promise<void> {
  const origin = spec.origins[i % spec.origins.length] ?? '';
  const token = tokens[i] ?? '';
  const slots = await reload(origin, token, true);
  await book(origin, token, i, slots);
  await reload(origin, token, false);
}

const percentiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
};

// Arrivals spread evenly over the seconds: citizen i leaves at i × (seconds / citizens).
const cpuBefore = process.cpuUsage();
const started = performance.now();
const interval = (spec.seconds * 1000) / spec.citizens;
const running: Promise<void>[] = [];
for (let i = 0; i < spec.citizens; i++) {
  const due = started + i * interval;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  running.push(citizen(i));
}
await Promise.all(running);
const result: SurgeResult = {
  attempts: spec.citizens,
  bookings,
  reloads,
  resent,
  booked,
  bookingMs: percentiles(bookingTimes),
  reloadMs: percentiles(reloadTimes),
  slowestBookingBySecond: Array.from({ length: slowestBookingBySecond.length }, (_, second) => slowestBookingBySecond[second] ?? 0),
  elapsedMs: Math.round(performance.now() - started),
  loadCpuMs: (() => {
    const used = process.cpuUsage(cpuBefore);
    return Math.round((used.user + used.system) / 1000);
  })(),
};
for (const pool of pools.values()) pool.close();
process.stdout.write(JSON.stringify(result));
