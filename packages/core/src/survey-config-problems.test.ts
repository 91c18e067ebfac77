import { describe, expect, it } from 'vitest';
import { surveyConfigProblems } from './survey-config-problems.js';
import type { SurveyConfig } from './types.js';

const GOOD: SurveyConfig = {
  surveyId: 'checkup-2027',
  surveyTitle: '特定健診のご予約',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 20 },
    { itemKey: 'course', type: 'radio', title: 'コース', options: ['基本', '追加あり'] },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup' },
    { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'fee', name: '受診料', unitPrice: 1500 }] },
    { itemKey: 'note', type: 'guide', title: '', description: '当日は保険証をお持ちください。' },
  ],
  lookupItemKeys: ['name'],
};

const messagesOf = (config: SurveyConfig) => surveyConfigProblems(config).map((problem) => `${problem.at}: ${problem.message}`);

describe('surveyConfigProblems', () => {
  it('finds nothing wrong with a complete survey', () => {
    expect(surveyConfigProblems(GOOD)).toEqual([]);
  });

  it('names each problem with the item at fault and what to do, in Japanese', () => {
    const broken: SurveyConfig = {
      surveyId: 'checkup#2027',
      surveyTitle: ' ',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前', minLength: 5, maxLength: 2 },
        { itemKey: 'name', type: 'radio', title: 'コース', options: ['基本', '基本', ''] },
        { itemKey: 'slot', type: 'reservation', title: '予約日時' },
        { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'fee', name: '受診料', unitPrice: 0 }] },
        { itemKey: 'more', type: 'selectProducts', title: '追加', products: [{ productId: 'fee', name: '', unitPrice: 500 }] },
        { itemKey: 'pick', type: 'checkboxes', title: '希望', options: ['a'], minChoices: 2 },
      ],
      lookupItemKeys: ['slot'],
    };
    expect(messagesOf(broken)).toEqual([
      'survey: フォームIDは半角英数字・「_」・「-」の64文字以内で入力してください',
      'survey: フォームのタイトルを入力してください',
      'name: 「お名前」の最小文字数が最大文字数を超えています',
      'name: 項目キー「name」が2つの項目で使われています。項目ごとに別のキーにしてください',
      'name: 「コース」に空の選択肢があります。文字を入力するか削除してください',
      'name: 「コース」の選択肢「基本」が重複しています',
      'slot: 予約項目「予約日時」の予約カテゴリを選んでください',
      'fee: 商品「受診料」の価格（税込・1円以上の整数）を入力してください',
      'more: 商品ID「fee」が2つの商品で使われています',
      'more: 商品「fee」の名前を入力してください',
      'pick: 「希望」の選択できる数（最小・最大）を、選択肢の数の範囲で指定してください',
      'survey: 照会キー「slot」は、このフォームの1行で答える項目から選んでください',
    ]);
  });

  it('lets a LINE profile field fill one item only', () => {
    const config: SurveyConfig = {
      ...GOOD,
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前', profileField: 'name' },
        { itemKey: 'kana', type: 'text', title: 'フリガナ', profileField: 'nameKana' },
        { itemKey: 'born', type: 'birthday', title: '生年月日', profileField: 'birthday' },
        { itemKey: 'name2', type: 'text', title: '保護者のお名前', profileField: 'name' },
      ],
    };
    expect(messagesOf(config)).toEqual(['name2: 「保護者のお名前」と同じLINEプロフィールの項目が、ほかの項目にも割り当てられています。1つの項目だけにしてください']);
  });

  it('checks a member survey’s number and name items, and that it is not append mode', () => {
    const member: SurveyConfig = {
      surveyId: 'library',
      surveyTitle: '図書館利用カード',
      isAppending: { value: true },
      surveySchema: [{ itemKey: 'family', type: 'text', title: '姓' }],
      membership: { name: '図書館利用カード', numberFormat: { prefix: 'LB', digits: 6 }, numberItemKey: 'number', nameItemKeys: [] },
    };
    expect(messagesOf(member)).toEqual([
      'survey: 会員登録のフォームは追加型にできません',
      'survey: 会員番号を入れる項目は、このフォームの1行テキスト項目から選んでください',
      'survey: 会員証に表示する氏名の項目を、このフォームの項目から1つ以上選んでください',
    ]);
  });
});
