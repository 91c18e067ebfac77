// A record event's row and what it is read as, on both engines.
import type { CheckStatus } from '@city/survey-core';
import type { RecordEvent } from './record-event-repository.js';

export interface RecordEventRow {
  event_id: number;
  partition_key: string;
  kind: 'status' | 'memo';
  status: string | null;
  text: string;
  staff_id: string;
  at: number;
}

export const toRecordEvent = (row: RecordEventRow): RecordEvent => ({
  eventId: row.event_id,
  partitionKey: row.partition_key,
  kind: row.kind,
  status: row.status as CheckStatus | null,
  text: row.text,
  staffId: row.staff_id,
  at: row.at,
});
