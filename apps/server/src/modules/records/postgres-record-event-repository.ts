import type { PostgresQueryable } from '../../db/postgres.js';
import type { RecordEventRepository } from './record-event-repository.js';
import type { RecordEventRow } from './record-event-rows.js';
import { toRecordEvent } from './record-event-rows.js';

export function createPostgresRecordEventRepository(db: PostgresQueryable): RecordEventRepository {
  return {
    async add(event) {
      const { rows } = await db.query<{ event_id: number }>({
        name: 'recordEvents.add',
        text: 'INSERT INTO record_events (partition_key, kind, status, text, staff_id, at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING event_id',
        values: [event.partitionKey, event.kind, event.status, event.text, event.staffId, event.at],
      });
      return { ...event, eventId: rows[0]?.event_id ?? 0 };
    },
    async ofRecord(partitionKey) {
      const { rows } = await db.query<RecordEventRow>({
        name: 'recordEvents.ofRecord',
        text: 'SELECT event_id, partition_key, kind, status, text, staff_id, at FROM record_events WHERE partition_key = $1 ORDER BY event_id',
        values: [partitionKey],
      });
      return rows.map(toRecordEvent);
    },
    async ofRecords(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      const { rows } = await db.query<RecordEventRow>({
        name: 'recordEvents.ofRecords',
        text: 'SELECT event_id, partition_key, kind, status, text, staff_id, at FROM record_events WHERE partition_key = ANY($1::text[]) ORDER BY partition_key, event_id',
        values: [partitionKeys],
      });
      return rows.map(toRecordEvent);
    },
  };
}
