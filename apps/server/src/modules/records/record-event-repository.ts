import type { CheckStatus } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

/** A status change (with its reason) or a memo, by a staff member, on a record. */
export interface RecordEvent {
  eventId: number;
  partitionKey: string;
  kind: 'status' | 'memo';
  /** The status set, for a status change. */
  status: CheckStatus | null;
  /** The memo, or the reason for the status change ('' when none was given). */
  text: string;
  staffId: string;
  at: number;
}

/** A record's history (migration 7), oldest first; entries are only added. */
export interface RecordEventRepository {
  add(event: Omit<RecordEvent, 'eventId'>): Promise<RecordEvent>;
  ofRecord(partitionKey: string): Promise<RecordEvent[]>;
  /** The history of these records (a page of an export), record by record, oldest first. */
  ofRecords(partitionKeys: readonly string[]): Awaitable<RecordEvent[]>;
}
