import type { SurveyConfig } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { recordsOf } from './records.js';

const course: SurveyConfig = {
  surveyId: 'event-application',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'ticket', type: 'text', title: '受講券番号' },
    { itemKey: 'course', type: 'radio', title: '講座', options: ['スマホ教室', '料理教室'] },
  ],
};
const answer = (ticket: string, now: number) => buildSurveyResultRows({ config: course, userId: 'U1', answers: { ticket, course: 'スマホ教室' }, now });

describe('recordsOf', () => {
  it('groups the rows into records, newest first by the time in their partition keys', () => {
    // 1_000 < 20_000 < 300_000: sorted by number, not by text.
    const views = recordsOf(course, [...answer('200002', 20_000), ...answer('200001', 1_000), ...answer('200003', 300_000)], [{ partitionKey: 'event-application#U1#300000', receiptNumber: 'K7Q-4M2X' }]);
    expect(views.map((view) => view.answers.ticket)).toEqual(['200003', '200002', '200001']);
    expect(views[0]?.record).toMatchObject({ surveyId: 'event-application', partitionKey: 'event-application#U1#300000', check: '未対応', receiptNumber: 'K7Q-4M2X' });
    // A record the server gave no number for has none.
    expect(views[1]?.record.receiptNumber).toBeUndefined();
    expect(views[0]?.record.rows.every((row) => row.partitionKey === 'event-application#U1#300000')).toBe(true);
  });

  it('puts an update-mode record (no time in its key) after the timed ones', () => {
    const updateMode = buildSurveyResultRows({ config: { ...course, isAppending: { value: false } }, userId: 'U1', answers: { ticket: '100000' }, now: 5 });
    const views = recordsOf(course, [...updateMode, ...answer('200001', 1_000)], []);
    expect(views.map((view) => view.record.partitionKey)).toEqual(['event-application#U1#1000', 'event-application#U1']);
  });
});
