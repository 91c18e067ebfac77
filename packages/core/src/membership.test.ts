import { describe, expect, it } from 'vitest';
import { registrationForm } from './membership.js';
import type { SurveyConfig } from './types.js';

const libraryCard: SurveyConfig = {
  surveyId: 'library-card',
  membership: { name: '市立図書館 利用カード', numberFormat: { prefix: 'LIB', digits: 7 }, numberItemKey: 'memberNumber', nameItemKeys: ['familyName'] },
  surveySchema: [
    { itemKey: 'familyName', type: 'text', title: '姓', required: true },
    { itemKey: 'memberNumber', type: 'text', title: '会員番号' },
  ],
};

describe('registrationForm', () => {
  it('leaves the member number item out of a member survey, keeping everything else', () => {
    const form = registrationForm(libraryCard);
    expect(form.surveySchema.map((item) => item.itemKey)).toEqual(['familyName']);
    expect(form.membership).toBe(libraryCard.membership);
    // The same object every time: a form holding it does not re-render for nothing.
    expect(registrationForm(libraryCard)).toBe(form);
  });

  it('returns any other survey as it is', () => {
    const questionnaire: SurveyConfig = { surveyId: 'q', surveySchema: [{ itemKey: 'memberNumber', type: 'text', title: '番号' }] };
    expect(registrationForm(questionnaire)).toBe(questionnaire);
  });
});
