import type { Answers } from '@city/survey-core';
import { EVENT_APPLICATION } from './surveys.js';

/** A record staff imported before its citizen signed in: nobody's until claimed after a look-up. */
export interface DemoImportedRecord {
  surveyId: string;
  partitionKey: string;
  answers: Answers;
  receiptNumber: string;
}

/** Course applications staff imported: found by 受講券番号 + 生年月日, then claimed. */
export const DEMO_IMPORTED_RECORDS: readonly DemoImportedRecord[] = [
  {
    surveyId: EVENT_APPLICATION.surveyId,
    partitionKey: 'event-application#import-000001',
    answers: { ticket: '100001', born: '1980-04-01', course: 'スマホ教室' },
    receiptNumber: 'IMP-0001',
  },
  {
    surveyId: EVENT_APPLICATION.surveyId,
    partitionKey: 'event-application#import-000002',
    answers: { ticket: '100002', born: '1975-12-24', course: '健康体操' },
    receiptNumber: 'IMP-0002',
  },
];
