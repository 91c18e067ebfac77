import { describe, expect, it } from 'vitest';
import { answersOf } from './booking-answers.js';

const items = [
  { itemKey: 'name', type: 'text' },
  { itemKey: 'services', type: 'checkboxes' },
  { itemKey: 'fee', type: 'selectProducts' },
  { itemKey: 'slot', type: 'reservation' },
  { itemKey: 'request', type: 'textarea' },
];

describe('answersOf', () => {
  it('sends text trimmed, lists split on 、 or commas, and the slot as its reservation value', () => {
    const answers = answersOf(items, {
      texts: { name: ' 窓口 花子 ', services: '図書館、 体育館,市民プール', fee: 'checkup-fee', request: '' },
      slots: { slot: { ref: { categoryId: 'checkup-central', date: '2025-04-01', slotId: '4' }, label: '4月1日（火）14:00〜15:00' } },
    });
    expect(answers).toEqual({ name: '窓口 花子', services: ['図書館', '体育館', '市民プール'], fee: ['checkup-fee'], slot: 'checkup-central|2025-04-01|4' });
  });

  it('leaves out what was not answered, so the server can say what is required', () => {
    expect(answersOf(items, { texts: { name: '   ' }, slots: {} })).toEqual({});
  });
});
