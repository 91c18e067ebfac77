import { describe, expect, it } from 'vitest';
import { bookableCategoriesFor, categoryLabel } from './reservation-categories.js';

// The demo tree: 健康診断 > 特定健診 > three venues, a second 健診 with one venue, and the library's room.
const categories = [
  { categoryId: 'health', tag1: '健康診断' },
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-central' },
  { categoryId: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館', calendarId: 'cal-north' },
  { categoryId: 'cancer', tag1: '健康診断', tag2: 'がん検診', tag3: '中央保健センター', calendarId: 'cal-cancer' },
  { categoryId: 'study-room', tag1: '図書館 学習室', calendarId: 'cal-study-room' },
];
const ids = (found: { categoryId: string }[]) => found.map((category) => category.categoryId);

describe('bookableCategoriesFor', () => {
  it('offers only the venues below the item’s category, not a venue of the same name elsewhere', () => {
    expect(ids(bookableCategoriesFor(categories, 'checkup'))).toEqual(['checkup-central', 'checkup-north']);
  });

  it('offers every level below a top-level category', () => {
    expect(ids(bookableCategoriesFor(categories, 'health'))).toEqual(['checkup-central', 'checkup-north', 'cancer']);
  });

  it('offers the category itself when the item names a bookable one', () => {
    expect(ids(bookableCategoriesFor(categories, 'study-room'))).toEqual(['study-room']);
    expect(ids(bookableCategoriesFor(categories, 'checkup-north'))).toEqual(['checkup-north']);
  });

  it('offers every bookable category when the item names none, and none for a category the tree lacks', () => {
    expect(ids(bookableCategoriesFor(categories, undefined))).toEqual(['checkup-central', 'checkup-north', 'cancer', 'study-room']);
    expect(bookableCategoriesFor(categories, 'gone')).toEqual([]);
  });
});

describe('categoryLabel', () => {
  it('joins the levels a category has', () => {
    expect(categoryLabel({ categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター' })).toBe('健康診断 / 特定健診 / 中央保健センター');
    expect(categoryLabel({ categoryId: 'study-room', tag1: '図書館 学習室' })).toBe('図書館 学習室');
  });
});
