import type { SurveySchemaItem } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { answersFromProfile, scopesFor } from './profile-fill.js';

const SCHEMA: SurveySchemaItem[] = [
  { itemKey: 'name', type: 'text', title: 'お名前', profileField: 'name' },
  { itemKey: 'kana', type: 'text', title: 'フリガナ', profileField: 'nameKana' },
  { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', profileField: 'phone' },
  { itemKey: 'address', type: 'text', title: '住所', profileField: 'address' },
  { itemKey: 'born', type: 'birthday', title: '生年月日', profileField: 'birthday' },
  { itemKey: 'note', type: 'text', title: 'ご要望' },
];

const YAMADA = {
  'family-name': '山田',
  'given-name': '太郎',
  'family-name-kana': 'ヤマダ',
  'given-name-kana': 'タロウ',
  'bday-year': 1985,
  'bday-month': 4,
  'bday-day': 12,
  tel: '09012345678',
  'postal-code': '1000001',
  'address-level1': '東京都',
  'address-level2': '千代田区',
  'address-level3': '千代田1-1',
  'address-level4': 'デモマンション101',
};

describe('quick fill from the LINE profile', () => {
  it('fills each mapped item as it takes it, and nothing else', () => {
    const { answers, filled } = answersFromProfile(SCHEMA, { note: '車いすで伺います' }, YAMADA);
    expect(answers).toEqual({
      name: '山田 太郎',
      kana: 'ヤマダ タロウ',
      phone: '09012345678',
      address: '東京都千代田区千代田1-1デモマンション101',
      born: '1985-04-12',
      note: '車いすで伺います',
    });
    expect(filled).toEqual(['name', 'kana', 'phone', 'address', 'born']);
  });

  it('keeps what was typed for a field the citizen has not set in LINE', () => {
    const { answers, filled } = answersFromProfile(SCHEMA, { phone: '090-0000-0000', born: '1990-01-01' }, { 'family-name': '佐藤', 'given-name': '花子', tel: null });
    expect(answers).toEqual({ name: '佐藤 花子', phone: '090-0000-0000', born: '1990-01-01' });
    expect(filled).toEqual(['name']);
  });

  it('asks LINE only for the fields the survey uses', () => {
    expect(scopesFor(SCHEMA.slice(0, 2))).toEqual(['family-name', 'given-name', 'family-name-kana', 'given-name-kana']);
    expect(scopesFor([{ itemKey: 'note', type: 'text', title: 'ご要望' }])).toEqual([]);
  });
});
