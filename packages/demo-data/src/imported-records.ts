import type { Answers } from '@city/survey-core';
import { formatMemberNumber } from '@city/survey-core';
import { EVENT_APPLICATION, LIBRARY_CARD, LIBRARY_CARD_NUMBER_FORMAT } from './surveys.js';

/** A record staff imported before its citizen signed in: nobody's until claimed after a look-up. */
export interface DemoImportedRecord {
  surveyId: string;
  partitionKey: string;
  answers: Answers;
  receiptNumber: string;
  /** A member record's issue date (`YYYY-MM-DD`): when the paper card was made. */
  memberSince?: string;
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

/** The paper library card's sequence: its number is `LIB0000018` plus the check digit. */
const PAPER_CARD_SEQUENCE = 18;

/**
 * A member holding a paper library card, imported by staff: found by 会員番号 + 生年月日
 * (1968-07-15), then claimed; the card then shows on the phone with the same number.
 */
export const DEMO_PAPER_CARD: DemoImportedRecord = {
  surveyId: LIBRARY_CARD.surveyId,
  partitionKey: 'library-card#paper-0000018',
  answers: {
    familyName: '佐藤',
    firstName: '花子',
    kana: 'サトウ ハナコ',
    born: '1968-07-15',
    phone: '090-1234-0018',
    address: 'デモ市中央町1-2-3',
    memberNumber: formatMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, PAPER_CARD_SEQUENCE),
  },
  receiptNumber: 'IMP-LIB-0018',
  memberSince: '2019-04-01',
};

/** Every record staff imported: the course applications and the paper library card. */
export const DEMO_ALL_IMPORTED_RECORDS: readonly DemoImportedRecord[] = [...DEMO_IMPORTED_RECORDS, DEMO_PAPER_CARD];
