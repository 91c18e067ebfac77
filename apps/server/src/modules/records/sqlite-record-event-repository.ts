import type { CheckStatus } from '@city/survey-core';
import type { SqliteDatabase } from '../../db/database.js';
import type { RecordEventRepository } from './record-event-repository.js';

interface EventRow {
  event_id: number;
  partition_key: string;
  kind: 'status' | 'memo';
  status: string | null;
  text: string;
  staff_id: string;
  at: number;
}

export function createSqliteRecordEventRepository(db: SqliteDatabase): RecordEventRepository {
  const insert = db.prepare<[string, string, string | null, string, string, number]>(
    'INSERT INTO record_events (partition_key, kind, status, text, staff_id, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ofRecord = db.prepare<[string], EventRow>('SELECT * FROM record_events WHERE partition_key = ? ORDER BY event_id');
  return {
    async add(event) {
      const { lastInsertRowid } = insert.run(event.partitionKey, event.kind, event.status, event.text, event.staffId, event.at);
      return { ...event, eventId: Number(lastInsertRowid) };
    },
    async ofRecord(partitionKey) {
      return ofRecord.all(partitionKey).map((row) => ({
        eventId: row.event_id,
        partitionKey: row.partition_key,
        kind: row.kind,
        status: row.status as CheckStatus | null,
        text: row.text,
        staffId: row.staff_id,
        at: row.at,
      }));
    },
  };
}
