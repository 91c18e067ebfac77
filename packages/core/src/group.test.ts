import { describe, expect, it } from 'vitest';
import { groupSurveyResults } from './group.js';
import { buildSurveyResultRows } from './rows.js';
import type { SurveyConfig, SurveyResultRow } from './types.js';

const config: SurveyConfig = {
  surveyId: 'event',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'size', type: 'radio', title: 'サイズ', options: ['S', 'M'] },
  ],
};

describe('groupSurveyResults (rule 9)', () => {
  it('makes one group per partitionKey, in the order records first appear, titled from the schema', () => {
    const first = buildSurveyResultRows({ config, userId: 'U1', answers: { name: '山田', size: 'M' }, now: 1 });
    const second = buildSurveyResultRows({ config, userId: 'U1', answers: { name: '田中' }, now: 2 });
    const groups = groupSurveyResults([...second, ...first], config.surveySchema);

    expect(groups).toEqual([
      {
        partitionKey: 'event#U1#2',
        surveyId: 'event',
        userId: 'U1',
        check: '未対応',
        items: [
          { itemKey: 'name', value: '田中', title: 'お名前', check: '未対応' },
          { itemKey: 'size', value: '', title: 'サイズ', check: '未対応' },
          { itemKey: 'size', value: '', title: 'サイズ', check: '未対応' },
        ],
      },
      {
        partitionKey: 'event#U1#1',
        surveyId: 'event',
        userId: 'U1',
        check: '未対応',
        items: [
          { itemKey: 'name', value: '山田', title: 'お名前', check: '未対応' },
          { itemKey: 'size', value: '', title: 'サイズ', check: '未対応' },
          { itemKey: 'size', value: 'M', title: 'サイズ', check: '未対応' },
        ],
      },
    ]);
  });

  it('gives every item the record\'s check status, the one on its first row', () => {
    // Staff set the status for a whole record; a row left behind by an interrupted update must not
    // show a different status for one item.
    const rows: SurveyResultRow[] = buildSurveyResultRows({ config, userId: 'U1', answers: { name: '山田' }, now: 1 }).map(
      (row, index) => ({ ...row, check: index === 2 ? '未対応' : '処理済み' }),
    );
    const [group] = groupSurveyResults(rows, config.surveySchema);
    expect(group?.check).toBe('処理済み');
    expect(group?.items.map((item) => item.check)).toEqual(['処理済み', '処理済み', '処理済み']);
  });

  it('leaves out rows of items the schema does not have, such as staff-only items', () => {
    const rows = buildSurveyResultRows({
      config: { ...config, surveySchema: [...config.surveySchema, { itemKey: 'memo', type: 'text', title: '管理メモ', isAdminItem: true }] },
      userId: 'U1',
      answers: { name: '山田', memo: '要確認' },
      now: 1,
    });
    const [group] = groupSurveyResults(rows, config.surveySchema);
    expect(group?.items.map((item) => item.itemKey)).toEqual(['name', 'size', 'size']);
  });

  it('returns no groups for no rows', () => {
    expect(groupSurveyResults([], config.surveySchema)).toEqual([]);
  });
});
