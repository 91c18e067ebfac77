// The demo seed on a database that already exists (a real SQLite file): it gains the library card,
// the study room and the paper card, whose number is registered as issued the day the card was
// made; imported records come only with their survey, so one claimed and deleted (or a card
// withdrawn) does not come back.
import { DEMO_PAPER_CARD, DEMO_SURVEYS } from '@city/demo-data';
import { japanTimeToEpochMs } from '@city/survey-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { seedDemoData } from '../src/demo-seed.js';
import { createSqliteCalendarImportRepository } from '../src/modules/calendars/import/sqlite-calendar-import-repository.js';
import { createSqliteMemberNumberRepository } from '../src/modules/members/sqlite-member-number-repository.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { sqliteStorage } from '../src/db/storage.js';

let dir: string;
let db: SqliteDatabase;
let connections: SqliteConnections;
let store: ReturnType<typeof storeOf>;
const storeOf = (connections: SqliteConnections) =>
  sqliteStore(connections, (connection) => ({
    surveys: createSqliteSurveyRepository(connection),
    records: createSqliteRecordRepository(connection),
    calendarImport: createSqliteCalendarImportRepository(connection),
    members: createSqliteMemberNumberRepository(connection),
  }));
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-members-seed-'));
  db = openDatabase(path.join(dir, 'city.sqlite'));
  connections = connectSqlite(db);
  store = storeOf(connections);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params);

describe('seeding the members demo', () => {
  it('adds the surveys and the paper card an existing database lacks, and its number as issued on the card’s day', async () => {
    // A database from before the members demo: the first three demo surveys only.
    await store.transaction(async ({ surveys }) => {
      for (const survey of DEMO_SURVEYS.slice(0, 3)) await surveys.save(survey);
    });
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    expect(all('SELECT survey_id FROM survey_configs ORDER BY survey_id')).toEqual(
      ['citizen-questionnaire', 'event-application', 'health-checkup', 'library-card', 'study-room'].map((survey_id) => ({ survey_id })),
    );
    // Imported records come with their survey: only the new library card's paper card is added.
    expect(all('SELECT partition_key, user_id FROM survey_records ORDER BY partition_key')).toEqual([{ partition_key: DEMO_PAPER_CARD.partitionKey, user_id: '' }]);
    expect(all('SELECT * FROM member_numbers')).toEqual([
      {
        survey_id: 'library-card',
        sequence: 18,
        member_number: 'LIB00000182',
        partition_key: DEMO_PAPER_CARD.partitionKey,
        user_id: '',
        issued_at: japanTimeToEpochMs('2019-04-01', '00:00'),
        withdrawn_at: null,
      },
    ]);

    const snapshot = () => [all('SELECT * FROM survey_records ORDER BY partition_key'), all('SELECT * FROM member_numbers'), all('SELECT COUNT(*) AS n FROM survey_results')];
    const first = snapshot();
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    expect(snapshot()).toEqual(first);
  });

  it('does not bring back an imported course record a citizen claimed and deleted', async () => {
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    await store.transaction(async ({ records }) => {
      await records.claim('event-application#import-000001', 'U-holder');
      await records.delete('event-application#import-000001');
    });
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    expect(all('SELECT partition_key FROM survey_records WHERE survey_id = ?', 'event-application')).toEqual([{ partition_key: 'event-application#import-000002' }]);
  });

  it('does not bring back the paper card once it was claimed and withdrawn', async () => {
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    // Claimed, then withdrawn: the record is gone, its number retired.
    await store.transaction(async ({ records, members }) => {
      await records.claim(DEMO_PAPER_CARD.partitionKey, 'U-holder');
      await members.setUser(DEMO_PAPER_CARD.partitionKey, 'U-holder');
      await records.delete(DEMO_PAPER_CARD.partitionKey);
      await members.withdraw(DEMO_PAPER_CARD.partitionKey, 1_000);
    });
    await seedDemoData(sqliteStorage(connections), { calendars: false });
    expect(all('SELECT partition_key FROM survey_records WHERE survey_id = ?', 'library-card')).toEqual([]);
    expect(all('SELECT user_id, withdrawn_at FROM member_numbers')).toEqual([{ user_id: 'U-holder', withdrawn_at: 1_000 }]);
  });
});
