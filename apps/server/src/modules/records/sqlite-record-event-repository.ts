import type { SqliteDatabase } from '../../db/database.js';
import type { RecordEventRepository } from './record-event-repository.js';
import type { RecordEventRow } from './record-event-rows.js';
import { toRecordEvent } from './record-event-rows.js';

export function createSqliteRecordEventRepository(db: SqliteDatabase): RecordEventRepository {
  const insert = db.prepare<[string, string, string | null, string, string, number]>(
    'INSERT INTO record_events (partition_key, kind, status, text, staff_id, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ofRecord = db.prepare<[string], RecordEventRow>('SELECT * FROM record_events WHERE partition_key = ? ORDER BY event_id');
  const ofRecords = db.prepare<[string], RecordEventRow>('SELECT * FROM record_events WHERE partition_key IN (SELECT value FROM json_each(?)) ORDER BY partition_key, event_id');
  return {
    async add(event) {
      const { lastInsertRowid } = insert.run(event.partitionKey, event.kind, event.status, event.text, event.staffId, event.at);
      return { ...event, eventId: Number(lastInsertRowid) };
    },
    async ofRecord(partitionKey) {
      return ofRecord.all(partitionKey).map(toRecordEvent);
    },
    ofRecords(partitionKeys) {
      return partitionKeys.length === 0 ? [] : ofRecords.all(JSON.stringify(partitionKeys)).map(toRecordEvent);
    },
  };
}
