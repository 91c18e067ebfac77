import type { CheckStatus } from '@city/survey-core';
import type { PostgresQueryable } from '../../db/postgres.js';
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
      const { rows } = await db.query<EventRow>({
        name: 'recordEvents.ofRecord',
        text: 'SELECT event_id, partition_key, kind, status, text, staff_id, at FROM record_events WHERE partition_key = $1 ORDER BY event_id',
        values: [partitionKey],
      });
      return rows.map((row) => ({
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
