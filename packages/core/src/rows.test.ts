import { describe, expect, it } from 'vitest';
import { buildSubmissionPayload, buildSurveyResultRows, orderFromAnswers } from './rows.js';
import type { SurveyConfig, SurveyResultRow } from './types.js';

const clinic: SurveyConfig = {
  surveyId: 'clinic',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
    { itemKey: 'symptoms', type: 'checkboxes', title: '症状', options: ['発熱', '咳', '頭痛'] },
  ],
};

/** The fields every row of user U1's clinic record shares. */
const common = {
  userId: 'U1',
  surveyId: 'clinic',
  partitionKey: 'clinic#U1',
  isLiffMode: false,
  check: '未対応',
} as const;

const keysOf = (rows: SurveyResultRow[]) =>
  rows.map(({ itemKey, sortKey, value, userSearchKey }) => ({ itemKey, sortKey, value, userSearchKey }));

describe('buildSurveyResultRows', () => {
  it('builds the rows of a whole record, in schema order, with every field of rules 1-3 and 6', () => {
    const rows = buildSurveyResultRows({
      config: clinic,
      userId: 'U1',
      answers: { name: '山田太郎', visit: '再診', symptoms: ['咳', '発熱'] },
    });
    expect(rows).toEqual([
      { ...common, itemKey: 'name', sortKey: 'name', value: '山田太郎', userSearchKey: 'name#山田太郎' },
      { ...common, itemKey: 'visit', sortKey: 'visit#初診', value: '', userSearchKey: 'visit#初診#' },
      { ...common, itemKey: 'visit', sortKey: 'visit#再診', value: '再診', userSearchKey: 'visit#再診' },
      { ...common, itemKey: 'symptoms', sortKey: 'symptoms#発熱', value: '発熱', userSearchKey: 'symptoms#発熱#発熱' },
      { ...common, itemKey: 'symptoms', sortKey: 'symptoms#咳', value: '咳', userSearchKey: 'symptoms#咳#咳' },
      { ...common, itemKey: 'symptoms', sortKey: 'symptoms#頭痛', value: '', userSearchKey: 'symptoms#頭痛#' },
    ]);
  });

  it('pre-creates an empty row for every option even when nothing was chosen (rule 2)', () => {
    const rows = buildSurveyResultRows({ config: clinic, userId: 'U1', answers: { name: '山田' } });
    expect(keysOf(rows).slice(1)).toEqual([
      { itemKey: 'visit', sortKey: 'visit#初診', value: '', userSearchKey: 'visit#初診#' },
      { itemKey: 'visit', sortKey: 'visit#再診', value: '', userSearchKey: 'visit#再診#' },
      { itemKey: 'symptoms', sortKey: 'symptoms#発熱', value: '', userSearchKey: 'symptoms#発熱#' },
      { itemKey: 'symptoms', sortKey: 'symptoms#咳', value: '', userSearchKey: 'symptoms#咳#' },
      { itemKey: 'symptoms', sortKey: 'symptoms#頭痛', value: '', userSearchKey: 'symptoms#頭痛#' },
    ]);
  });

  it('gives the first row its bare itemKey as sortKey, whatever item type comes first (rule 1)', () => {
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [
          { itemKey: 'color', type: 'checkboxes', title: '色', options: ['赤', '青'] },
          { itemKey: 'memo', type: 'textarea', title: 'メモ' },
        ],
      },
      userId: 'U1',
      answers: { color: ['赤'], memo: 'よろしく' },
    });
    expect(keysOf(rows)).toEqual([
      { itemKey: 'color', sortKey: 'color', value: '赤', userSearchKey: 'color#赤#赤' },
      { itemKey: 'color', sortKey: 'color#青', value: '', userSearchKey: 'color#青#' },
      { itemKey: 'memo', sortKey: 'memo#よろしく', value: 'よろしく', userSearchKey: 'memo#よろしく' },
    ]);
  });

  it('starts with the first item that makes a row when earlier items are unanswered', () => {
    const rows = buildSurveyResultRows({
      config: clinic,
      userId: 'U1',
      answers: { visit: '初診' },
    });
    expect(rows[0]).toMatchObject({ itemKey: 'visit', sortKey: 'visit', value: '初診', userSearchKey: 'visit#初診' });
    expect(rows.some((row) => row.itemKey === 'name')).toBe(false);
  });

  it('gives every other item type one row keyed itemKey#value (rule 3)', () => {
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [
          { itemKey: 'intro', type: 'guide', title: 'ご案内', description: '以下にご記入ください' },
          { itemKey: 'tel', type: 'text', title: '電話番号', format: 'phone' },
          { itemKey: 'area', type: 'dropdown', title: '地区', options: ['東区', '西区'] },
          { itemKey: 'day', type: 'date', title: '希望日' },
          { itemKey: 'born', type: 'birthday', title: '生年月日' },
          { itemKey: 'slot', type: 'reservation', title: '予約枠', categoryId: 'c1' },
        ],
      },
      userId: 'U1',
      answers: { tel: '090-1234-5678', area: '西区', day: '2026-12-01', born: '1990-01-01', slot: 'c1|2026-12-01|s3' },
    });
    expect(keysOf(rows)).toEqual([
      { itemKey: 'tel', sortKey: 'tel', value: '090-1234-5678', userSearchKey: 'tel#090-1234-5678' },
      { itemKey: 'area', sortKey: 'area#西区', value: '西区', userSearchKey: 'area#西区' },
      { itemKey: 'day', sortKey: 'day#2026-12-01', value: '2026-12-01', userSearchKey: 'day#2026-12-01' },
      { itemKey: 'born', sortKey: 'born#1990-01-01', value: '1990-01-01', userSearchKey: 'born#1990-01-01' },
      { itemKey: 'slot', sortKey: 'slot#c1|2026-12-01|s3', value: 'c1|2026-12-01|s3', userSearchKey: 'slot#c1|2026-12-01|s3' },
    ]);
  });

  it('keeps a chosen value that is not an option, keyed like a chosen option', () => {
    const rows = buildSurveyResultRows({
      config: clinic,
      userId: 'U1',
      answers: { name: 'a', visit: '往診', symptoms: ['咳', 'その他'] },
    });
    expect(keysOf(rows).filter((row) => row.value === '往診' || row.value === 'その他')).toEqual([
      { itemKey: 'visit', sortKey: 'visit#往診', value: '往診', userSearchKey: 'visit#往診' },
      { itemKey: 'symptoms', sortKey: 'symptoms#その他', value: 'その他', userSearchKey: 'symptoms#その他#その他' },
    ]);
  });

  it('makes one row per distinct chosen checkbox and ignores blank choices', () => {
    const rows = buildSurveyResultRows({
      config: clinic,
      userId: 'U1',
      answers: { name: 'a', symptoms: ['咳', '咳', ' ', ''] },
    });
    const symptomRows = rows.filter((row) => row.itemKey === 'symptoms');
    expect(symptomRows.map((row) => row.value)).toEqual(['', '咳', '']);
  });

  it('puts the files on the row of a files item, and only there (rule 4)', () => {
    const files = [
      { name: '保険証.jpg', url: 'https://files.example/1', contentType: 'image/jpeg', size: 2048 },
      { name: '問診票.pdf', url: 'https://files.example/2' },
    ];
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [
          { itemKey: 'name', type: 'text', title: 'お名前' },
          { itemKey: 'docs', type: 'files', title: '書類' },
        ],
      },
      userId: 'U1',
      answers: { name: '山田', docs: files.map((file) => ({ ...file, lastModified: 1 })) },
    });
    expect(rows[0]).not.toHaveProperty('files');
    expect(rows[1]).toEqual({
      ...common,
      surveyId: 's',
      partitionKey: 's#U1',
      itemKey: 'docs',
      sortKey: 'docs#保険証.jpg,問診票.pdf',
      value: '保険証.jpg,問診票.pdf',
      userSearchKey: 'docs#保険証.jpg,問診票.pdf',
      files,
    });
  });

  it('makes no rows for selectProducts items, guides, or answers to unknown itemKeys (rule 4)', () => {
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [
          { itemKey: 'intro', type: 'guide', title: 'ご案内' },
          {
            itemKey: 'goods',
            type: 'selectProducts',
            title: '購入品',
            products: [{ productId: 'p1', name: '検診セット', unitPrice: 1500 }],
          },
          { itemKey: 'name', type: 'text', title: 'お名前' },
        ],
      },
      userId: 'U1',
      answers: { intro: 'x', goods: ['p1'], name: '山田', unknown: 'x', constructor: 'y' },
    });
    expect(keysOf(rows)).toEqual([
      { itemKey: 'name', sortKey: 'name', value: '山田', userSearchKey: 'name#山田' },
    ]);
  });

  it('reads answers only from their own keys, so an itemKey like "toString" is not answered by Object.prototype', () => {
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [{ itemKey: 'toString', type: 'text', title: 'x' }],
      },
      userId: 'U1',
      answers: {},
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe('');
  });

  describe('partitionKey (rule 5)', () => {
    const appending: SurveyConfig = { ...clinic, isAppending: { value: true } };

    it('is surveyId#userId for an update-mode survey', () => {
      const rows = buildSurveyResultRows({ config: clinic, userId: 'U1', answers: { name: 'a' } });
      expect(new Set(rows.map((row) => row.partitionKey))).toEqual(new Set(['clinic#U1']));
    });

    it('is surveyId#userId#now in append mode', () => {
      const rows = buildSurveyResultRows({ config: appending, userId: 'U1', answers: { name: 'a' }, now: 1764000000000 });
      expect(new Set(rows.map((row) => row.partitionKey))).toEqual(new Set(['clinic#U1#1764000000000']));
    });

    it('uses the clock when now is not given', () => {
      const before = Date.now();
      const [row] = buildSurveyResultRows({ config: appending, userId: 'U1', answers: { name: 'a' } });
      const stamp = Number(row?.partitionKey.split('#')[2]);
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(stamp).toBeLessThanOrEqual(Date.now());
    });

    it('is the first existing result\'s partitionKey when updateExist is set', () => {
      const existing = buildSurveyResultRows({ config: appending, userId: 'U1', answers: { name: 'a' }, now: 1 });
      const rows = buildSurveyResultRows({
        config: appending,
        userId: 'U1',
        answers: { name: 'b' },
        existingResults: existing,
        updateExist: true,
        now: 2,
      });
      expect(new Set(rows.map((row) => row.partitionKey))).toEqual(new Set(['clinic#U1#1']));
    });

    it('ignores existing results unless updateExist is set, and falls back when there are none', () => {
      const existing = buildSurveyResultRows({ config: appending, userId: 'U1', answers: { name: 'a' }, now: 1 });
      const fresh = buildSurveyResultRows({ config: appending, userId: 'U1', answers: { name: 'b' }, existingResults: existing, now: 2 });
      expect(fresh[0]?.partitionKey).toBe('clinic#U1#2');
      const noneYet = buildSurveyResultRows({ config: clinic, userId: 'U1', answers: { name: 'b' }, existingResults: [], updateExist: true });
      expect(noneYet[0]?.partitionKey).toBe('clinic#U1');
    });
  });

  it('stores text normalized for its format, as validateAnswers checked it', () => {
    const rows = buildSurveyResultRows({
      config: {
        surveyId: 's',
        surveySchema: [
          { itemKey: 'tel', type: 'text', title: '電話番号', format: 'phone' },
          { itemKey: 'zip', type: 'text', title: '郵便番号', format: 'postalCode' },
          { itemKey: 'memo', type: 'text', title: 'メモ' },
        ],
      },
      userId: 'U1',
      answers: { tel: '０９０ー１２３４ー５６７８', zip: '〒810-0001', memo: '　全角スペースもそのまま　' },
    });
    expect(rows.map((row) => row.value)).toEqual(['090-1234-5678', '810-0001', '　全角スペースもそのまま　']);
  });

  it('makes no rows, and does not throw, for answers of the wrong kind from unchecked JSON', () => {
    const answers = JSON.parse('{"name": 42, "visit": null, "symptoms": {"0": "咳"}}') as Record<string, string>;
    const rows = buildSurveyResultRows({ config: clinic, userId: 'U1', answers });
    expect(rows.filter((row) => row.value !== '')).toEqual([]);
    expect(rows).toHaveLength(5);
  });

  it.each([
    ['a surveyId containing #', { surveyId: 'a#b' }, {}],
    ['an empty userId', {}, { userId: '' }],
    ['a userId containing #', {}, { userId: 'U#1' }],
    ['a fractional now in append mode', { isAppending: { value: true } }, { now: 1.5 }],
    ['NaN as now in append mode', { isAppending: { value: true } }, { now: Number.NaN }],
  ])('refuses %s, which would make an ambiguous partitionKey', (_label, configPart, inputPart) => {
    expect(() =>
      buildSurveyResultRows({ config: { ...clinic, ...configPart }, userId: 'U1', answers: {}, ...inputPart }),
    ).toThrow(TypeError);
  });

  it('marks rows sent from inside LINE with isLiffMode (rule 6)', () => {
    const rows = buildSurveyResultRows({ config: clinic, userId: 'U1', answers: { name: 'a' }, isLiffMode: true });
    expect(rows.every((row) => row.isLiffMode)).toBe(true);
  });

  describe('a submission with nothing answerable (rule 7)', () => {
    it('yields exactly one empty first row keyed by the first item', () => {
      const rows = buildSurveyResultRows({
        config: { surveyId: 's', surveySchema: [{ itemKey: 'memo', type: 'textarea', title: 'メモ' }] },
        userId: 'U1',
        answers: { memo: '   ' },
      });
      expect(rows).toEqual([
        { ...common, surveyId: 's', partitionKey: 's#U1', itemKey: 'memo', sortKey: 'memo', value: '', userSearchKey: 'memo#' },
      ]);
    });

    it('yields one empty row with empty keys when the survey has no items at all', () => {
      const rows = buildSurveyResultRows({ config: { surveyId: 's', surveySchema: [] }, userId: 'U1', answers: { x: '1' } });
      expect(rows).toEqual([
        { ...common, surveyId: 's', partitionKey: 's#U1', itemKey: '', sortKey: '', value: '', userSearchKey: '#' },
      ]);
    });
  });

  it.each([
    ['an empty itemKey', ''],
    ['an itemKey containing #', 'a#b'],
  ])('refuses a schema with %s, which would break key uniqueness', (_label, itemKey) => {
    expect(() =>
      buildSurveyResultRows({
        config: { surveyId: 's', surveySchema: [{ itemKey, type: 'text', title: 't' }] },
        userId: 'U1',
        answers: {},
      }),
    ).toThrow(TypeError);
  });

  it('refuses a schema that repeats an itemKey', () => {
    expect(() =>
      buildSurveyResultRows({
        config: {
          surveyId: 's',
          surveySchema: [
            { itemKey: 'a', type: 'text', title: '1' },
            { itemKey: 'a', type: 'text', title: '2' },
          ],
        },
        userId: 'U1',
        answers: {},
      }),
    ).toThrow(/appears twice/);
  });
});

describe('buildSubmissionPayload (rule 8)', () => {
  const input = { config: clinic, userId: 'U1', answers: { name: '山田' } };

  it('puts the rows in data and nothing else when nothing else is given', () => {
    expect(buildSubmissionPayload(input)).toStrictEqual({ data: buildSurveyResultRows(input) });
  });

  it('adds order and subData when given', () => {
    const order = { items: [{ productId: 'p1', quantity: 2 }] };
    const payload = buildSubmissionPayload({ ...input, order, subData: { note: 'x' } });
    expect(payload.order).toEqual(order);
    expect(payload.subData).toEqual({ note: 'x' });
    expect(payload).not.toHaveProperty('oldPartitionKey');
  });

  it('builds the order from selectProducts answers, each listed product id being one unit', () => {
    const shop: SurveyConfig = {
      surveyId: 'shop',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        {
          itemKey: 'goods',
          type: 'selectProducts',
          title: '購入品',
          products: [
            { productId: 'p1', name: 'ごみ袋（大）', unitPrice: 500 },
            { productId: 'p2', name: 'ごみ袋（小）', unitPrice: 300 },
          ],
        },
      ],
    };
    const payload = buildSubmissionPayload({ config: shop, userId: 'U1', answers: { name: '山田', goods: ['p1', 'p2', 'p1'] } });
    expect(payload.order).toEqual({ items: [{ productId: 'p1', quantity: 2 }, { productId: 'p2', quantity: 1 }] });
    expect(payload.data.map((row) => row.itemKey)).toEqual(['name']);

    const given = { items: [{ productId: 'p2', quantity: 5 }] };
    expect(buildSubmissionPayload({ config: shop, userId: 'U1', answers: { goods: ['p1'] }, order: given }).order).toBe(given);
    expect(buildSubmissionPayload({ config: shop, userId: 'U1', answers: { goods: [] } })).not.toHaveProperty('order');
    // The same order, for a screen that prices it before sending (priceOrder).
    expect(orderFromAnswers(shop.surveySchema, { name: '山田', goods: ['p1', 'p2', 'p1'] })).toEqual(payload.order);
    expect(orderFromAnswers(shop.surveySchema, { goods: [' '] })).toBeUndefined();
  });

  it('adds oldPartitionKey when given, for an edit that replaces an earlier record', () => {
    const payload = buildSubmissionPayload({ ...input, oldPartitionKey: 'clinic#U1#5' });
    expect(payload.oldPartitionKey).toBe('clinic#U1#5');
  });

  it('takes oldPartitionKey from the existing results when updating them', () => {
    const existing = buildSurveyResultRows({ ...input, config: { ...clinic, isAppending: { value: true } }, now: 7 });
    const payload = buildSubmissionPayload({ ...input, existingResults: existing, updateExist: true });
    expect(payload.oldPartitionKey).toBe('clinic#U1#7');
    expect(payload.data.every((row) => row.partitionKey === 'clinic#U1#7')).toBe(true);
  });

  it('does not claim to replace anything when existing results are only listed', () => {
    const existing = buildSurveyResultRows(input);
    expect(buildSubmissionPayload({ ...input, existingResults: existing })).not.toHaveProperty('oldPartitionKey');
  });
});
