import { describe, expect, it } from 'vitest';
import { answersFromRows, buildSurveyResultRows } from './index.js';
import type { SurveyConfig } from './index.js';

const config: SurveyConfig = {
  surveyId: 'clinic',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
    { itemKey: 'symptoms', type: 'checkboxes', title: '症状', options: ['発熱', '咳', '頭痛'] },
    { itemKey: 'photos', type: 'files', title: '写真' },
    { itemKey: 'memo', type: 'textarea', title: 'メモ' },
    { itemKey: 'goods', type: 'selectProducts', title: '購入', products: [{ productId: 'p1', name: '札', unitPrice: 100 }] },
  ],
};

describe('answersFromRows', () => {
  it('gives back the answers the rows were built from, for editing a record', () => {
    const answers = {
      name: '山田太郎',
      visit: '再診',
      symptoms: ['発熱', '頭痛'],
      photos: [{ name: 'a.png', url: '/files/1', contentType: 'image/png', size: 3 }],
    };
    const rows = buildSurveyResultRows({ config, userId: 'U1', answers });
    expect(answersFromRows(config.surveySchema, rows)).toEqual(answers);
  });

  it('leaves out unanswered items, products and rows of items no longer in the schema', () => {
    const rows = buildSurveyResultRows({ config, userId: 'U1', answers: { name: '佐藤', goods: ['p1'] } });
    const withStrayRow = [...rows, { ...rows[0]!, itemKey: 'removed', sortKey: 'removed#x', value: 'x' }];
    expect(answersFromRows(config.surveySchema, withStrayRow)).toEqual({ name: '佐藤' });
  });
});
