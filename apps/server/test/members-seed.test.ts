// The demo seed on a database that already exists (on the suite's engine): it gains the library
// card, the study room and the paper card, whose number is registered as issued the day the card
// was made; imported records come only with their survey, so one claimed and deleted (or a card
// withdrawn) does not come back.
import { DEMO_PAPER_CARD, DEMO_SURVEYS } from '@city/demo-data';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repositories } from '../src/db/storage.js';
import type { Store } from '../src/db/store.js';
import { seedDemoData } from '../src/demo-seed.js';
import type { MemberNumberRepository } from '../src/modules/members/member-number-repository.js';
import { memberNumberRepository } from '../src/modules/members/repositories.js';
import type { RecordRepository } from '../src/modules/records/record-repository.js';
import { recordRepository } from '../src/modules/records/repositories.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';
import type { SurveyRepository } from '../src/modules/surveys/survey-repository.js';
import type { TestDatabase } from './engines.js';
import { openTestDatabase } from './engines.js';

let database: TestDatabase;
let store: Store<{ surveys: SurveyRepository; records: RecordRepository; members: MemberNumberRepository }>;
beforeEach(async () => {
  database = await openTestDatabase();
  store = database.store(repositories({ surveys: surveyRepository, records: recordRepository, members: memberNumberRepository }));
}, 60_000);
afterEach(async () => {
  await database.close();
});

const all = (sql: string, ...params: unknown[]) => database.execute(sql, params);

describe('seeding the members demo', () => {
  it('adds the surveys and the paper card an existing database lacks, and its number as issued on the card’s day', async () => {
    // A database from before the members demo: the first three demo surveys only.
    await store.transaction(async ({ surveys }) => {
      for (const survey of DEMO_SURVEYS.slice(0, 3)) await surveys.save(survey);
    });
    await seedDemoData(database.storage, { calendars: false });
    expect(await all('SELECT survey_id FROM survey_configs ORDER BY survey_id')).toEqual(
      ['citizen-questionnaire', 'event-application', 'health-checkup', 'library-card', 'study-room'].map((survey_id) => ({ survey_id })),
    );
    // Imported records come with their survey: only the new library card's paper card is added.
    expect(await all('SELECT partition_key, user_id FROM survey_records ORDER BY partition_key')).toEqual([{ partition_key: DEMO_PAPER_CARD.partitionKey, user_id: '' }]);
    expect(await all('SELECT * FROM member_numbers')).toEqual([
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

    const snapshot = async () => [await all('SELECT * FROM survey_records ORDER BY partition_key'), await all('SELECT * FROM member_numbers'), await all('SELECT COUNT(*) AS n FROM survey_results')];
    const first = await snapshot();
    await seedDemoData(database.storage, { calendars: false });
    expect(await snapshot()).toEqual(first);
  });

  it('does not bring back an imported course record a citizen claimed and deleted', async () => {
    await seedDemoData(database.storage, { calendars: false });
    await store.transaction(async ({ records }) => {
      await records.claim('event-application#import-000001', 'U-holder');
      await records.delete('event-application#import-000001');
    });
    await seedDemoData(database.storage, { calendars: false });
    expect(await all('SELECT partition_key FROM survey_records WHERE survey_id = ?', 'event-application')).toEqual([{ partition_key: 'event-application#import-000002' }]);
  });

  it('does not bring back the paper card once it was claimed and withdrawn', async () => {
    await seedDemoData(database.storage, { calendars: false });
    // Claimed, then withdrawn: the record is gone, its number retired.
    await store.transaction(async ({ records, members }) => {
      await records.claim(DEMO_PAPER_CARD.partitionKey, 'U-holder');
      await members.setUser(DEMO_PAPER_CARD.partitionKey, 'U-holder');
      await records.delete(DEMO_PAPER_CARD.partitionKey);
      await members.withdraw(DEMO_PAPER_CARD.partitionKey, 1_000);
    });
    await seedDemoData(database.storage, { calendars: false });
    expect(await all('SELECT partition_key FROM survey_records WHERE survey_id = ?', 'library-card')).toEqual([]);
    expect(await all('SELECT user_id, withdrawn_at FROM member_numbers')).toEqual([{ user_id: 'U-holder', withdrawn_at: 1_000 }]);
  });
});
