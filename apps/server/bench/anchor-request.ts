// What both statement-faithful anchors (anchor.ts on SQLite, postgres-anchor.ts on PostgreSQL)
// take from a request, as the server takes it: the rows of the body, the reservation answer, the
// Idempotency-Key and the hash of the body as sent.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseReservationValue } from '@city/survey-core';

/** A row of a submission's body (SurveyResultRow as the client sends it). */
export interface AnchorRow {
  partitionKey: string;
  sortKey: string;
  surveyId: string;
  userId: string;
  itemKey: string;
  value: string;
  userSearchKey: string;
  isLiffMode: boolean;
  check: string;
  files?: unknown[];
}

/** What a faithful step's values are taken from: the request, as the server reads it. */
export interface FaithfulRequest {
  rows: AnchorRow[];
  partitionKey: string;
  surveyId: string;
  userId: string;
  idempotencyKey: string;
  /** The body's hash, stored with the key as the server stores one. */
  requestHash: string;
  now: number;
  /** The reservation answer (the booking case). */
  slot: { itemKey: string; categoryId: string; date: string; slotId: string } | undefined;
}

/**
 * Parses JSON bodies as the server does for putItem, keeping the hash of each body as sent (the
 * server's http/idempotency-hash.ts): {@link faithfulRequestOf} reads it back.
 */
export function hashBodiesAsTheServer(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    bodyHashes.set(request, `putItem:${createHash('sha256').update(text).digest('base64url')}`);
    done(null, JSON.parse(text));
  });
}
const bodyHashes = new WeakMap<object, string>();

/** The values of a faithful request, from its body and headers as the server takes them. */
export function faithfulRequestOf(request: FastifyRequest<{ Body: { data: AnchorRow[] } }>): FaithfulRequest {
  const { data } = request.body;
  const [row] = data;
  if (row === undefined) throw new Error('no rows');
  let slot: FaithfulRequest['slot'];
  for (const answer of data) {
    const parsed = parseReservationValue(answer.value);
    if (parsed !== undefined) slot = { itemKey: answer.itemKey, ...parsed };
  }
  return {
    rows: data,
    partitionKey: row.partitionKey,
    surveyId: row.surveyId,
    userId: row.userId,
    idempotencyKey: String(request.headers['idempotency-key'] ?? ''),
    requestHash: bodyHashes.get(request) ?? '',
    now: Date.now(),
    slot,
  };
}
