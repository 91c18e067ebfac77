import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-surveys';
import { buildSurveyResultRows } from '@city/survey-core';
import { createSurveyConfigRepository } from '../repositories/survey-configs.js';
import { createSurveyResultRepository } from '../repositories/survey-results.js';
import type { SqliteDatabase } from './database.js';

export { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION };

/** Records staff imported before citizens signed in: found by 受講券番号 + 生年月日, then claimed. */
const IMPORTED_APPLICATIONS = [
  { partitionKey: 'event-application#import-000001', ticket: '100001', born: '1980-04-01', course: 'スマホ教室', receipt: 'IMP-0001' },
  { partitionKey: 'event-application#import-000002', ticket: '100002', born: '1975-12-24', course: '健康体操', receipt: 'IMP-0002' },
];

/**
 * Seeds the demo surveys into an empty database; does nothing when any survey exists, so it is
 * safe on every start.
 */
export function seedDemoData(db: SqliteDatabase): void {
  const surveys = createSurveyConfigRepository(db);
  if (!surveys.isEmpty()) return;
  const results = createSurveyResultRepository(db);
  results.transaction(() => {
    surveys.save({ config: CITIZEN_QUESTIONNAIRE, lookupItemKeys: [], searchable: true });
    surveys.save({ config: EVENT_APPLICATION, lookupItemKeys: ['ticket', 'born'], searchable: true });
    for (const imported of IMPORTED_APPLICATIONS) {
      const rows = buildSurveyResultRows({
        config: EVENT_APPLICATION,
        userId: 'pending',
        answers: { ticket: imported.ticket, born: imported.born, course: imported.course },
        existingResults: [{ partitionKey: imported.partitionKey } as never],
        updateExist: true,
      }).map((row) => ({ ...row, userId: '' }));
      results.replaceRecord({ rows, receiptNumber: imported.receipt, removePartitionKeys: [] });
    }
  });
}
