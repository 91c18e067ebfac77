// Migration 15 keeps each record's answers beside it as one text (the export's page reads it): a
// database from before gets every record's text from its rows, and a page reads what the rows say.
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.js';
import { databaseAtVersion } from './migration-fixtures.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';

describe('migration 15', () => {
  it('folds every record’s answers from its rows, in the order submitted, and a page reads them', async () => {
    const db = databaseAtVersion(14);
    db.exec(`
      INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('s', '{}', 0);
      INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('s#U1#1', 's', 'U1', 'R1', 0, 0), ('s#U2#1', 's', 'U2', 'R2', 0, 0);
      INSERT INTO survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json, position) VALUES
        ('s#U1#1', 'name#山田', 's', 'U1', 'name', '山田', '', 0, '処理中', NULL, 0),
        ('s#U1#1', 'course#2', 's', 'U1', 'course', '料理', '', 0, '処理中', NULL, 2),
        ('s#U1#1', 'course#1', 's', 'U1', 'course', '体操', '', 0, '処理中', NULL, 1);
    `);

    migrate(db);
    const folded = db.prepare('SELECT partition_key, answers_folded FROM survey_records ORDER BY partition_key').all();
    expect(folded).toEqual([
      { partition_key: 's#U1#1', answers_folded: '3\x1d0\x1d処理中\x1dname\x1f山田\x1ecourse\x1f体操\x1ecourse\x1f料理' },
      { partition_key: 's#U2#1', answers_folded: null }, // a record without rows
    ]);
    const [read] = await createSqliteRecordRepository(db).answersOfPage(['s#U1#1']);
    expect(read?.status).toBe('処理中');
    expect(read?.rows).toEqual([
      { itemKey: 'name', value: '山田' },
      { itemKey: 'course', value: '体操' },
      { itemKey: 'course', value: '料理' },
    ]);
    db.close();
  });
});
