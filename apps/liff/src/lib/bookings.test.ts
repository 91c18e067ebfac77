import type { CalendarCategory, SurveyConfig } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { deadlineRule, placeOf, reservationAnswersOf, weekDates, weekOf } from './bookings.js';

const categories: CalendarCategory[] = [
  { categoryId: 'health', tag1: '健康診断' },
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-checkup-central' },
];
const central = categories[2]!;

describe('placeOf', () => {
  it('names the venue below the category the item books in', () => {
    expect(placeOf(central, categories, 'checkup')).toBe('中央保健センター');
    expect(placeOf(central, categories, 'health')).toBe('特定健診 中央保健センター');
  });

  it('gives the whole path when the item names no category, and the venue when it names the venue itself', () => {
    expect(placeOf(central, categories, undefined)).toBe('健康診断 特定健診 中央保健センター');
    expect(placeOf(central, categories, 'checkup-central')).toBe('中央保健センター');
  });
});

describe('weeks', () => {
  it('lists the seven dates of a week counted from today, across a month', () => {
    expect(weekDates('2026-11-27', 0)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(weekDates('2026-11-27', 1)[0]).toBe('2026-12-04');
  });

  it('finds the week showing a date, never before this one', () => {
    expect(weekOf('2026-11-23', '2026-11-29')).toBe(0);
    expect(weekOf('2026-11-23', '2026-11-30')).toBe(1);
    expect(weekOf('2026-11-23', '2026-11-20')).toBe(0);
  });
});

describe('deadlineRule', () => {
  it('says how long before the slot changes close, as the rule is written', () => {
    expect(deadlineRule({ unit: 'days', amount: 1 })).toBe('予約日の前日まで');
    expect(deadlineRule({ unit: 'days', amount: 3 })).toBe('予約日の3日前まで');
    expect(deadlineRule({ unit: 'hours', amount: 2 })).toBe('予約の開始2時間前まで');
    expect(deadlineRule({ unit: 'days', amount: 0 })).toBe('予約の開始時刻まで');
  });
});

describe('reservationAnswersOf', () => {
  it('finds the answers of reservation items that name a slot', () => {
    const config: SurveyConfig = {
      surveyId: 'health-checkup',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup' },
        { itemKey: 'second', type: 'reservation', title: '2回目' },
      ],
    };
    const found = reservationAnswersOf(config, { name: 'checkup|2026-12-01|1', slot: 'checkup-central|2026-12-01|2', second: 'not a slot' });
    expect(found.map((answer) => [answer.item.itemKey, answer.slot])).toEqual([['slot', { categoryId: 'checkup-central', date: '2026-12-01', slotId: '2' }]]);
  });
});
