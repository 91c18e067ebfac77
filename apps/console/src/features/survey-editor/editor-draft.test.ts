import type { SurveyConfig } from '@city/survey-core';
import { registrationForm } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import {
  configOf,
  draftItemOf,
  draftOf,
  draftProblems,
  emptyDraft,
  moved,
  newItem,
  nextItemKey,
  nextProductId,
  placeProblems,
  previewConfigOf,
  retyped,
  withField,
} from './editor-draft.js';

const LIBRARY: SurveyConfig = {
  surveyId: 'library-card',
  surveyTitle: '図書館利用カードの登録',
  cancelPost: false,
  membership: { name: '利用カード', numberFormat: { prefix: 'LIB', digits: 7 }, numberItemKey: 'memberNumber', nameItemKeys: ['familyName', 'firstName'] },
  lookupItemKeys: ['memberNumber', 'born'],
  surveySchema: [
    { itemKey: 'familyName', type: 'text', title: '姓', required: true, maxLength: 20 },
    { itemKey: 'firstName', type: 'text', title: '名', required: true, maxLength: 20 },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true, isNotEditable: true },
    { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true },
    { itemKey: 'memberNumber', type: 'text', title: '会員番号', maxLength: 20 },
  ],
};
const view = (config: SurveyConfig, answeredItemKeys: string[] = []) => ({ config, teamIds: ['community'], searchable: true, answeredItemKeys });

describe('the editor draft', () => {
  it('saves a survey opened and left alone exactly as it came', () => {
    expect(configOf(draftOf(view(LIBRARY)))).toEqual(LIBRARY);
    const plain: SurveyConfig = { surveyId: 'q', surveyTitle: 'アンケート', isAppending: { value: false }, surveySchema: [{ itemKey: 'a', type: 'radio', title: '質問', options: ['はい', 'いいえ'] }] };
    expect(configOf(draftOf(view(plain)))).toEqual(plain);
  });

  it('marks answered items, and keeps the settings naming an item with it when its key changes', () => {
    const draft = draftOf(view(LIBRARY, ['born', 'familyName']));
    expect(draft.items.map((entry) => entry.answered)).toEqual([true, false, true, false, false]);
    const renamed = { ...draft, items: draft.items.map((entry) => (entry.item.itemKey === 'memberNumber' ? { ...entry, item: withField(entry.item, 'itemKey', 'cardNumber') } : entry)) };
    const config = configOf(renamed);
    expect(config.lookupItemKeys).toEqual(['cardNumber', 'born']);
    expect(config.membership?.numberItemKey).toBe('cardNumber');
    // An item removed leaves the settings that named it.
    const removed = configOf({ ...draft, items: draft.items.filter((entry) => entry.item.itemKey !== 'born') });
    expect(removed.lookupItemKeys).toEqual(['memberNumber']);
  });

  it('builds a new survey from scratch: update mode, no description, the settings chosen', () => {
    const draft = emptyDraft(['health']);
    const name = draftItemOf(newItem('text', nextItemKey([]), nextProductId([])));
    const often = draftItemOf(newItem('radio', nextItemKey([name]), nextProductId([name])));
    const config = configOf({
      ...draft,
      surveyId: 'park',
      title: '公園アンケート',
      appending: true,
      items: [
        { ...name, item: withField(name.item, 'title', 'お名前') },
        { ...often, item: withField(withField(often.item, 'title', '頻度'), 'options', ['毎日', '週1回']) },
      ],
      indexUids: [often.uid, name.uid],
    });
    expect(config).toEqual({
      surveyId: 'park',
      surveyTitle: '公園アンケート',
      isAppending: { value: true },
      // In the order they were ticked: the list's columns.
      indexItemKeys: ['item2', 'item1'],
      surveySchema: [
        { itemKey: 'item1', type: 'text', title: 'お名前' },
        { itemKey: 'item2', type: 'radio', title: '頻度', options: ['毎日', '週1回'] },
      ],
    });
  });

  it('names new items item1, item2… skipping keys in use and keys answered on earlier versions', () => {
    const items = ['item1', 'item3'].map((itemKey) => draftItemOf({ itemKey, type: 'text', title: '' }));
    expect(nextItemKey(items)).toBe('item2');
    expect(nextItemKey(items, ['item2'])).toBe('item4');
    const products = draftItemOf({ itemKey: 'fee', type: 'selectProducts', title: '料金', products: [{ productId: 'product1', name: '参加費', unitPrice: 500 }] });
    expect(nextProductId([...items, products])).toBe('product2');
  });

  it('retypes an item keeping its wording and flags, and its options among choice types', () => {
    const radio = { itemKey: 'often', type: 'radio', title: '頻度', description: '1つ', required: true, isNotEditable: true, options: ['毎日'] } as const;
    expect(retyped(radio, 'checkboxes', 'product1')).toEqual({ ...radio, type: 'checkboxes' });
    expect(retyped(radio, 'guide', 'product1')).toEqual({ itemKey: 'often', type: 'guide', title: '頻度', description: '1つ', isNotEditable: true });
    expect(retyped(radio, 'selectProducts', 'product3')).toMatchObject({ products: [{ productId: 'product3', name: '', unitPrice: 0 }] });
  });

  it('removes optional fields set empty or off, and moves entries within the list', () => {
    const item = { itemKey: 'a', type: 'text', title: '質問', required: true, maxLength: 30 } as const;
    expect(withField(withField(item, 'required', false), 'maxLength', undefined)).toEqual({ itemKey: 'a', type: 'text', title: '質問' });
    expect(withField(item, 'title', '')).toEqual({ ...item, title: '' });
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the problems of a draft', () => {
  it('says what core says (the server’s own messages), with the teams and the membership’s number format', () => {
    const draft = { ...emptyDraft([]), surveyId: 'park', items: [draftItemOf({ itemKey: 'a', type: 'radio', title: '頻度', options: [''] })] };
    expect(draftProblems(draft)).toEqual([
      { at: 'survey', message: 'フォームのタイトルを入力してください' },
      { at: 'a', message: '「頻度」に空の選択肢があります。文字を入力するか削除してください' },
      { at: 'survey', message: 'このフォームを担当するチームを1つ以上選んでください' },
    ]);
    const library = draftOf(view(LIBRARY));
    expect(draftProblems(library)).toEqual([]);
    const badNumbers = { ...library, membership: library.membership === undefined ? undefined : { ...library.membership, prefix: 'lib', digits: 12 } };
    expect(draftProblems(badNumbers).map((problem) => problem.message)).toEqual(['会員番号の頭文字は半角英大文字4文字までにしてください', '会員番号の桁数は4〜10にしてください']);
  });

  it('places each problem on every item with its key, or at the top', () => {
    const items = [draftItemOf({ itemKey: 'a', type: 'text', title: '' }), draftItemOf({ itemKey: 'a', type: 'date', title: '日付' })];
    const placed = placeProblems(
      [
        { at: 'survey', message: 'タイトル' },
        { at: 'a', message: '重複' },
        { at: 'gone', message: '不明' },
      ],
      items,
    );
    expect(placed).toEqual([
      { uid: undefined, message: 'タイトル' },
      { uid: items[0]?.uid, message: '重複' },
      { uid: items[1]?.uid, message: '重複' },
      { uid: undefined, message: '不明' },
    ]);
  });
});

describe('the preview', () => {
  it('keys items by their own id, leaves out empty and repeated options, and a member survey’s number item', () => {
    const draft = draftOf(view(LIBRARY));
    const choice = draftItemOf({ itemKey: 'a', type: 'radio', title: '頻度', options: ['毎日', '', '毎日', '週1回'] });
    const twins = draftItemOf({ itemKey: 'a', type: 'text', title: '同じキー' });
    const preview = previewConfigOf({ ...draft, items: [...draft.items, choice, twins] });
    const keys = preview.surveySchema.map((item) => item.itemKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(preview.surveySchema.find((item) => item.title === '頻度')).toMatchObject({ options: ['毎日', '週1回'] });
    expect(registrationForm(preview).surveySchema.map((item) => item.title)).toEqual(['姓', '名', '生年月日', '職員メモ', '頻度', '同じキー']);
  });
});
