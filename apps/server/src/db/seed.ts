import { DEMO_IMPORTED_RECORDS, DEMO_SURVEYS } from '@city/demo-data';
import { buildSurveyResultRows } from '@city/survey-core';
import { createSurveyConfigRepository } from '../repositories/survey-configs.js';
import { createSurveyResultRepository } from '../repositories/survey-results.js';
import type { SqliteDatabase } from './database.js';

/**
 * Seeds the demo surveys (and the records staff "imported", unclaimed) into an empty database;
 * does nothing when any survey exists, so it is safe on every start.
 */
export function seedDemoData(db: SqliteDatabase): void {
  const surveys = createSurveyConfigRepository(db);
  if (!surveys.isEmpty()) return;
  const results = createSurveyResultRepository(db);
  results.transaction(() => {
    for (const survey of DEMO_SURVEYS) surveys.save(survey);
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
      results.replaceRecord({ rows, receiptNumber: imported.receiptNumber, removePartitionKeys: [] });
    }
  });
}
