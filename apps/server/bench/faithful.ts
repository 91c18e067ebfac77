// Is the faithful anchor faithful? One request of each case is sent to a traced server and to a
// traced anchor (both started with SQL_TRACE_FILE), each after a warm-up request, and the
// statements each ran are compared, normalised (trace.ts). Used by `pnpm bench` before it measures
// and by test/bench-faithful.test.ts, which fails when they differ.
import { randomUUID } from 'node:crypto';
import { routes } from '@city/api-client/contract';
import type { Citizen } from './fixtures.js';
import { bookingBodies, putItemBody } from './fixtures.js';
import { firstDifference } from './trace.js';

/**
 * A traced process: where it listens, and the statements it ran (normalised) while `send` did:
 * from its SQL_TRACE_FILE on SQLite (trace.ts), from PostgreSQL's statement log (postgres-trace.ts).
 */
export interface Traced {
  origin: string;
  statementsDuring: (send: () => Promise<void>) => Promise<string[]>;
}

export const TRACED_CASES = ['putItem', 'booking'] as const;
export type TracedCase = (typeof TRACED_CASES)[number];

/** Where the faithful anchor takes each case (anchor.ts). */
export const FAITHFUL_PATHS: Record<TracedCase, string> = { putItem: '/faithful/putItem', booking: '/faithful/book' };

/**
 * The warm-up and the traced request of a case, as the load sends them: putItem replaces the
 * citizen's record (the warm-up creates it); a booking moves the citizen's booking from the hot
 * slot (the warm-up books it) to the cold one.
 */
function requestsOf(id: TracedCase, citizen: Citizen): { warmUp: string; traced: string } {
  if (id === 'putItem') return { warmUp: putItemBody(citizen, 0), traced: putItemBody(citizen, 0) };
  const [hot, cold] = bookingBodies(citizen, 0);
  return { warmUp: hot, traced: cold };
}

async function post(url: string, citizen: Citizen, body: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    // A new Idempotency-Key for every request, as the app (and the load) sends.
    headers: { authorization: `Bearer ${citizen.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

export interface CaseTrace {
  id: TracedCase;
  /** The statements the server ran for the traced request, normalised. */
  server: string[];
  anchor: string[];
  /** Undefined when the anchor ran the server's statements in the server's order. */
  difference: string | undefined;
}

/** Traces one case on both. Each must have its own database (the requests change it). */
export async function traceCase(id: TracedCase, server: Traced, anchor: Traced, citizen: Citizen): Promise<CaseTrace> {
  const { warmUp, traced } = requestsOf(id, citizen);
  const serverUrl = `${server.origin}${routes.putReservation.path}`;
  const anchorUrl = `${anchor.origin}${FAITHFUL_PATHS[id]}`;
  await post(serverUrl, citizen, warmUp);
  await post(anchorUrl, citizen, warmUp);
  const serverStatements = await server.statementsDuring(() => post(serverUrl, citizen, traced));
  const anchorStatements = await anchor.statementsDuring(() => post(anchorUrl, citizen, traced));
  return { id, server: serverStatements, anchor: anchorStatements, difference: firstDifference(serverStatements, anchorStatements) };
}

/** "faithful: yes", or where the anchor first departs from the server. */
export const verdict = (trace: CaseTrace): string => (trace.difference === undefined ? 'faithful: yes' : `faithful: NO, first difference at ${trace.difference}`);
