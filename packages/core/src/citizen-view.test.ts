import { describe, expect, it } from 'vitest';
import { citizenRows, citizenView, isStaffOnlyItem } from './citizen-view.js';
import { buildSurveyResultRows } from './rows.js';
import type { SurveyConfig } from './types.js';

const config: SurveyConfig = {
  surveyId: 'clinic',
  surveyTitle: '予防接種',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'staffMemo', type: 'text', title: '職員メモ', isAdminItem: true },
    { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
  ],
};

describe('the citizen view', () => {
  it('leaves staff-only items out of the survey, and keeps everything else as it is', () => {
    const view = citizenView(config);
    expect(view.surveySchema.map((item) => item.itemKey)).toEqual(['name', 'visit']);
    expect(view.surveyTitle).toBe('予防接種');
    expect(config.surveySchema).toHaveLength(3); // the original is not touched
    expect(config.surveySchema.filter(isStaffOnlyItem).map((item) => item.itemKey)).toEqual(['staffMemo']);
  });

  it("leaves staff-only answers out of a record's rows", () => {
    const rows = buildSurveyResultRows({ config, userId: 'U1', answers: { name: '山田', staffMemo: '要電話', visit: '初診' } });
    const seen = citizenRows(config, rows);
    expect(seen.map((row) => row.itemKey)).not.toContain('staffMemo');
    expect(seen).toHaveLength(rows.length - 1);
    expect(citizenRows(citizenView(config), seen)).toEqual(seen);
  });
});
