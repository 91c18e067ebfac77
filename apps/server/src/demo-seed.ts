import { DEMO_IMPORTED_RECORDS, DEMO_SURVEYS } from '@city/demo-data';
import { buildSurveyResultRows } from '@city/survey-core';
import type { Store } from './db/store.js';
import type { RecordRepository } from './modules/records/record-repository.js';
import type { SurveyRepository } from './modules/surveys/survey-repository.js';

/**
 * Seeds the demo surveys (and the records staff "imported", unclaimed) into an empty database, in
 * one transaction; does nothing when any survey exists, so it is safe on every start.
 */
export async function seedDemoData(store: Store<{ surveys: SurveyRepository; records: RecordRepository }>): Promise<void> {
  // Read first: a database with surveys (every start but the first) takes no write lock.
  if (!(await store.read.surveys.isEmpty())) return;
  await store.transaction(async ({ surveys, records }) => {
    if (!(await surveys.isEmpty())) return; // another process seeded it meanwhile
    for (const survey of DEMO_SURVEYS) await surveys.save(survey);
    for (const imported of DEMO_IMPORTED_RECORDS) {
      const config = DEMO_SURVEYS.find((survey) => survey.config.surveyId === imported.surveyId)?.config;
      if (config === undefined) throw new Error(`No demo survey ${imported.surveyId} for imported record ${imported.partitionKey}`);
      const rows = buildSurveyResultRows({
        config,
        userId: 'pending',
        answers: imported.answers,
        existingResults: [{ partitionKey: imported.partitionKey } as never],
        updateExist: true,
      }).map((row) => ({ ...row, userId: '' }));
      await records.replace({ rows, receiptNumber: imported.receiptNumber, removePartitionKeys: [] });
    }
  });
}
