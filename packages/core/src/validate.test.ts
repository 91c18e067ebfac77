import { describe, expect, it } from 'vitest';
import type { SurveySchemaItem, TextFormat } from './types.js';
import { validateAnswers } from './validate.js';

const textItem = (format: TextFormat, extra: Partial<SurveySchemaItem> = {}): SurveySchemaItem =>
  ({ itemKey: 'q', type: 'text', title: '質問', format, ...extra }) as SurveySchemaItem;

describe('validateAnswers (rule 10)', () => {
  it('returns {} when every answer may be sent', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 20 },
      { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'], required: true },
      { itemKey: 'memo', type: 'textarea', title: 'メモ' },
    ];
    expect(validateAnswers(schema, { name: '山田太郎', visit: '初診' })).toEqual({});
  });

  describe('required items', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'name', type: 'text', title: 'お名前', required: true },
      { itemKey: 'symptoms', type: 'checkboxes', title: '症状', options: ['咳'], required: true },
      { itemKey: 'docs', type: 'files', title: '書類', required: true },
      { itemKey: 'area', type: 'dropdown', title: '地区', options: ['東区'], required: true },
      { itemKey: 'optional', type: 'text', title: '任意' },
    ];

    it('says 必須項目です for each missing, blank or empty answer, and nothing for optional ones', () => {
      expect(validateAnswers(schema, { name: '  ', symptoms: [], docs: [] })).toEqual({
        name: '必須項目です',
        symptoms: '必須項目です',
        docs: '必須項目です',
        area: '必須項目です',
      });
    });

    it('treats a list of blank choices as unanswered', () => {
      expect(validateAnswers(schema, { name: 'a', symptoms: [''], docs: [{ name: 'a.png', url: 'u' }], area: '東区' })).toEqual({
        symptoms: '必須項目です',
      });
    });

    it('does not require staff-only items of citizens, but checks them when answered', () => {
      const adminSchema: SurveySchemaItem[] = [
        { itemKey: 'memo', type: 'text', title: '管理メモ', required: true, isAdminItem: true, maxLength: 3 },
      ];
      expect(validateAnswers(adminSchema, {})).toEqual({});
      expect(validateAnswers(adminSchema, { memo: '長すぎるメモ' })).toEqual({ memo: '3文字以内で入力してください' });
    });

    it('never asks anything of a guide', () => {
      expect(validateAnswers([{ itemKey: 'g', type: 'guide', title: 'ご案内', required: true }], {})).toEqual({});
    });
  });

  describe('text formats', () => {
    it.each([
      ['email', 'taro@example.jp'],
      ['email', 'taro..yamada@docomo.ne.jp'],
      ['phone', '090-1234-5678'],
      ['phone', '09012345678'],
      ['phone', '03-1234-5678'],
      ['phone', '0312345678'],
      ['phone', '0120-123-456'],
      ['phone', '0570-123-456'],
      ['phone', '050-1234-5678'],
      ['phone', '0800-123-4567'],
      ['number', '42'],
      ['number', '-3.5'],
      ['postalCode', '123-4567'],
      ['postalCode', '1234567'],
      ['address', '福岡市中央区天神1-1-1'],
      ['plain', 'なんでも'],
    ] as const)('accepts %s %s', (format, value) => {
      expect(validateAnswers([textItem(format)], { q: value })).toEqual({});
    });

    it.each([
      ['email', 'taro@example', 'メールアドレスの形式で入力してください（例: taro@example.jp）'],
      ['email', 'taro example.jp', 'メールアドレスの形式で入力してください（例: taro@example.jp）'],
      ['phone', '090-1234-567', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['phone', '0000000000', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['phone', '0-9-0-1-2-3-4-5-6-7-8', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['phone', '090-1234-abcd', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['phone', '03-1234-56789', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['phone', '90-1234-56789', '電話番号は半角数字で入力してください（例: 090-1234-5678）'],
      ['number', '1e3', '半角数字で入力してください'],
      ['number', '12円', '半角数字で入力してください'],
      ['postalCode', '12-34567', '郵便番号は7桁の半角数字で入力してください（例: 123-4567）'],
      ['postalCode', '123-456', '郵便番号は7桁の半角数字で入力してください（例: 123-4567）'],
    ] as const)('refuses %s %s', (format, value, message) => {
      expect(validateAnswers([textItem(format)], { q: value })).toEqual({ q: message });
    });
  });

  it.each([
    ['phone', '０９０ー１２３４ー５６７８'],
    ['phone', '03(1234)5678'],
    ['phone', ' 090 1234 5678 '],
    ['phone', '090−1234−5678'],
    ['phone', '090--1234-5678-'],
    ['number', '１，２００'],
    ['postalCode', '〒８１０－０００１'],
    ['email', 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ'],
  ] as const)('accepts %s typed the way phones type it: %s', (format, value) => {
    expect(validateAnswers([textItem(format)], { q: value })).toEqual({});
  });

  describe('answers from unchecked JSON', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'name', type: 'text', title: 'お名前', required: true },
      { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診'] },
      { itemKey: 'docs', type: 'files', title: '書類' },
    ];

    it('reports a wrong kind of value instead of throwing', () => {
      const answers = JSON.parse('{"name": 42, "visit": {"a": 1}, "docs": "x.png"}') as Record<string, string>;
      expect(validateAnswers(schema, answers)).toEqual({
        name: '回答の形式が正しくありません',
        visit: '回答の形式が正しくありません',
        docs: '回答の形式が正しくありません',
      });
    });

    it('treats null as unanswered', () => {
      const answers = JSON.parse('{"name": null}') as Record<string, string>;
      expect(validateAnswers(schema, answers)).toEqual({ name: '必須項目です' });
    });

    it('still reports an item keyed "__proto__"', () => {
      const odd: SurveySchemaItem[] = [{ itemKey: '__proto__', type: 'text', title: '?', required: true }];
      expect(Object.entries(validateAnswers(odd, {}))).toEqual([['__proto__', '必須項目です']]);
    });
  });

  describe('length bounds', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'kana', type: 'text', title: 'フリガナ', minLength: 2, maxLength: 5 },
      { itemKey: 'memo', type: 'textarea', title: 'メモ', maxLength: 3 },
    ];

    it('counts characters as a person does, so kanji, dakuten kana and emoji are one each', () => {
      expect(validateAnswers(schema, { kana: 'ガ\u3099👨‍👩‍👧', memo: '山田🍣' })).toEqual({});
    });

    it('says how many characters are needed or allowed', () => {
      expect(validateAnswers(schema, { kana: 'ヤ', memo: '長いメモ' })).toEqual({
        kana: '2文字以上で入力してください',
        memo: '3文字以内で入力してください',
      });
      expect(validateAnswers(schema, { kana: 'ヤマダタロウ' })).toEqual({ kana: '5文字以内で入力してください' });
    });

    it('does not apply a minimum to an optional item left empty', () => {
      expect(validateAnswers(schema, { kana: '' })).toEqual({});
    });
  });

  describe('choices', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
      { itemKey: 'area', type: 'dropdown', title: '地区', options: ['東区', '西区'] },
      { itemKey: 'symptoms', type: 'checkboxes', title: '症状', options: ['発熱', '咳'] },
      {
        itemKey: 'goods',
        type: 'selectProducts',
        title: '購入品',
        products: [{ productId: 'p1', name: '検診セット', unitPrice: 1500 }],
      },
    ];

    it('accepts options from the list', () => {
      expect(validateAnswers(schema, { visit: '再診', area: '西区', symptoms: ['咳', '発熱'], goods: ['p1'] })).toEqual({});
    });

    it('refuses a value that is not an option', () => {
      const message = '選択肢の中から選んでください';
      expect(validateAnswers(schema, { visit: '往診', area: '南区', symptoms: ['咳', '腹痛'], goods: ['p9'] })).toEqual({
        visit: message,
        area: message,
        symptoms: message,
        goods: message,
      });
    });

    it('holds checkbox choices between minChoices and maxChoices', () => {
      const limited: SurveySchemaItem[] = [
        { itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月', '火', '水', '木', '金'], minChoices: 2, maxChoices: 3 },
      ];
      expect(validateAnswers(limited, { days: ['月'] })).toEqual({ days: '2個以上選んでください' });
      expect(validateAnswers(limited, { days: ['月', '火', '水', '木'] })).toEqual({ days: '3個まで選んでください' });
      expect(validateAnswers(limited, { days: ['月', '火'] })).toEqual({});
      expect(validateAnswers(limited, {})).toEqual({});
    });

    it('refuses several values for a single-choice item', () => {
      expect(validateAnswers(schema, { visit: ['初診', '再診'] })).toEqual({ visit: '回答の形式が正しくありません' });
    });
  });

  describe('dates', () => {
    const schema: SurveySchemaItem[] = [
      { itemKey: 'day', type: 'date', title: '希望日' },
      { itemKey: 'born', type: 'birthday', title: '生年月日' },
    ];
    // 2026-11-21 23:30 in Japan is still 2026-11-21 14:30 UTC.
    const now = Date.parse('2026-11-21T14:30:00Z');

    it('accepts real dates written YYYY-MM-DD', () => {
      expect(validateAnswers(schema, { day: '2028-02-29', born: '1990-01-01' }, { now })).toEqual({});
    });

    it.each(['2026-02-30', '2026/12/01', '2026-1-1', '明日'])('refuses %s', (value) => {
      expect(validateAnswers(schema, { day: value }, { now })).toEqual({ day: '日付を正しく入力してください（例: 2026-04-01）' });
    });

    it('refuses a birthday after today in Japan, and accepts today', () => {
      const justPastMidnightInJapan = Date.parse('2026-11-21T15:30:00Z'); // 2026-11-22 00:30 JST
      expect(validateAnswers(schema, { born: '2026-11-22' }, { now })).toEqual({ born: '生年月日に未来の日付は入力できません' });
      expect(validateAnswers(schema, { born: '2026-11-22' }, { now: justPastMidnightInJapan })).toEqual({});
    });
  });

  it('refuses files that are not file references', () => {
    const schema: SurveySchemaItem[] = [{ itemKey: 'docs', type: 'files', title: '書類' }];
    expect(validateAnswers(schema, { docs: 'a.png' })).toEqual({ docs: '回答の形式が正しくありません' });
    expect(validateAnswers(schema, { docs: ['a.png'] })).toEqual({ docs: '回答の形式が正しくありません' });
  });

  it('ignores answers to itemKeys the schema does not have', () => {
    expect(validateAnswers([textItem('plain')], { q: 'a', other: '?' })).toEqual({});
  });
});
