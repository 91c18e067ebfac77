import type { SurveyConfig } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import type { BookingDraft } from './booking-answers.js';
import { bookingItems, bookingProblems, bookingRequest } from './booking-answers.js';

// The demo health check-up as staffSurvey answers it, with a staff-only item and a files item.
const checkup: SurveyConfig = {
  surveyId: 'health-checkup',
  surveySchema: [
    { itemKey: 'guide', type: 'guide', title: 'ご予約の前に', description: '保険証をお持ちください。' },
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', required: true },
    { itemKey: 'services', type: 'checkboxes', title: '利用する施設', options: ['図書館', '体育館', '市民プール'] },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup', cost: 1, required: true },
    { itemKey: 'fee', type: 'selectProducts', title: '受診料', required: true, products: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 }] },
    { itemKey: 'options', type: 'selectProducts', title: '追加の検査', products: [{ productId: 'blood-test', name: '追加血液検査', unitPrice: 800 }] },
    { itemKey: 'photos', type: 'files', title: '写真' },
    { itemKey: 'request', type: 'textarea', title: 'ご要望', maxLength: 500 },
    { itemKey: 'staffMemo', type: 'text', title: '職員メモ', isAdminItem: true, required: true, maxLength: 20 },
  ],
};
const items = bookingItems(checkup, { withStaffOnly: false });
const staffItems = bookingItems(checkup, { withStaffOnly: true });
const slot = { ref: { categoryId: 'checkup-central', date: '2025-04-01', slotId: '4' }, label: '4月1日（火）14:00〜15:00' };

describe('bookingRequest', () => {
  it('sends text trimmed, chosen options, the slot as its reservation value, and the products as the order', () => {
    const draft: BookingDraft = {
      answers: { name: ' 窓口 花子 ', phone: '03-1234-5678', services: ['図書館', '市民プール'], fee: ['checkup-fee'], options: ['blood-test', 'blood-test'], request: '' },
      slots: { slot },
    };
    expect(bookingRequest(items, draft)).toEqual({
      answers: { name: '窓口 花子', phone: '03-1234-5678', services: ['図書館', '市民プール'], slot: 'checkup-central|2025-04-01|4' },
      order: { items: [{ productId: 'checkup-fee', quantity: 1 }, { productId: 'blood-test', quantity: 2 }] },
    });
  });

  it('leaves out what was not answered, and sends no order when no product is chosen', () => {
    expect(bookingRequest(items, { answers: { name: '   ', services: [], fee: [] }, slots: {} })).toEqual({ answers: {} });
  });

  it('sends a staff-only item only for a role that sees it (the server refuses it from others)', () => {
    expect(bookingRequest(items, { answers: { staffMemo: '折り返し不要' }, slots: {} })).toEqual({ answers: {} });
    expect(bookingRequest(staffItems, { answers: { staffMemo: ' 折り返し不要 ' }, slots: {} })).toEqual({ answers: { staffMemo: '折り返し不要' } });
  });
});

describe('bookingProblems', () => {
  it('asks for every required item with the server’s messages, a product and the slot included', () => {
    expect(bookingProblems(items, { answers: {}, slots: {} })).toEqual({ name: '必須項目です', phone: '必須項目です', slot: '必須項目です', fee: '必須項目です' });
  });

  it('checks formats and passes a complete draft, staff-only items not asked', () => {
    const complete: BookingDraft = { answers: { name: '窓口 花子', phone: '03-1234-5678', fee: ['checkup-fee'] }, slots: { slot } };
    expect(bookingProblems(items, complete)).toEqual({});
    expect(Object.keys(bookingProblems(items, { ...complete, answers: { ...complete.answers, phone: '12345' } }))).toEqual(['phone']);
  });

  it('never requires a staff-only item, as the server does not, but checks it when answered', () => {
    const complete: BookingDraft = { answers: { name: '窓口 花子', phone: '03-1234-5678', fee: ['checkup-fee'] }, slots: { slot } };
    expect(bookingProblems(staffItems, complete)).toEqual({});
    const long = { ...complete, answers: { ...complete.answers, staffMemo: 'あ'.repeat(21) } };
    expect(Object.keys(bookingProblems(staffItems, long))).toEqual(['staffMemo']);
  });
});

describe('bookingItems', () => {
  it('leaves out staff-only items unless the role sees them, and a membership’s number item always', () => {
    expect(items.map((item) => item.itemKey)).not.toContain('staffMemo');
    expect(staffItems.map((item) => item.itemKey)).toContain('staffMemo');
    const card: SurveyConfig = {
      surveyId: 'library-card',
      membership: { name: '利用カード', numberFormat: { prefix: 'LIB', digits: 7 }, numberItemKey: 'memberNumber', nameItemKeys: ['name'] },
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'memberNumber', type: 'text', title: '会員番号' },
      ],
    };
    expect(bookingItems(card, { withStaffOnly: true }).map((item) => item.itemKey)).toEqual(['name']);
  });
});
