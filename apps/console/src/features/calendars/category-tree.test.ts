import { describe, expect, it } from 'vitest';
import type { AdminCategory } from './calendar-admin-api.js';
import { buildTree, calendarlessLeaves, childPath, isCategoryId, mayHaveCalendar, pathText, renamedPath, suggestedCalendarId } from './category-tree.js';

const RULES = { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days' as const, amount: 1 }, changeClosesBefore: { unit: 'days' as const, amount: 1 } };
const category = (categoryId: string, tag1: string, tag2 = '', tag3 = '', calendarId?: string): AdminCategory => ({
  categoryId,
  tag1,
  tag2,
  tag3,
  calendar: calendarId === undefined ? null : { calendarId, rules: RULES, closures: { weekdays: [], publicHolidays: false } },
});

describe('the category tree', () => {
  it('nests the flat list by path, in the server’s order', () => {
    const tree = buildTree([
      category('health', '健康診断'),
      category('checkup', '健康診断', '特定健診'),
      category('central', '健康診断', '特定健診', '中央保健センター', 'cal-central'),
      category('study', '図書館 学習室', '', '', 'cal-study'),
      category('north', '健康診断', '特定健診', '北部公民館'),
    ]);
    expect(tree.map((node) => node.name)).toEqual(['健康診断', '図書館 学習室']);
    const checkup = tree[0]?.children[0];
    expect(checkup).toMatchObject({ level: 2, name: '特定健診', key: '健康診断 / 特定健診' });
    expect(checkup?.children.map((node) => [node.level, node.name, node.category?.categoryId])).toEqual([
      [3, '中央保健センター', 'central'],
      [3, '北部公民館', 'north'],
    ]);
  });

  it('shows the levels a path implies without a category of their own (a file may list only venues)', () => {
    const tree = buildTree([category('c-1', 'コロナワクチン接種', '1回目', 'A会場'), category('c-2', 'コロナワクチン接種', '2回目', 'A会場')]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.category).toBeUndefined();
    expect(tree[0]?.children.map((node) => [node.name, node.category, node.children.length])).toEqual([
      ['1回目', undefined, 1],
      ['2回目', undefined, 1],
    ]);
  });

  it('offers a calendar only on a category with nothing below and no calendar yet', () => {
    const categories = [category('health', '健康診断'), category('central', '健康診断', '中央', '', 'cal-central'), category('north', '健康診断', '北部'), category('library', '図書館')];
    const tree = buildTree(categories);
    expect(tree[0] === undefined ? undefined : mayHaveCalendar(tree[0])).toBe(false);
    expect(tree[0]?.children.map(mayHaveCalendar)).toEqual([false, true]);
    expect(calendarlessLeaves(categories).map((leaf) => leaf.categoryId)).toEqual(['north', 'library']);
  });

  it('makes the paths of a new level and of a renamed node', () => {
    expect(childPath({ tag1: 'A', tag2: '', tag3: '' }, 'B')).toEqual({ tag1: 'A', tag2: 'B', tag3: '' });
    expect(childPath({ tag1: 'A', tag2: 'B', tag3: '' }, 'C')).toEqual({ tag1: 'A', tag2: 'B', tag3: 'C' });
    expect(renamedPath({ tag1: 'A', tag2: 'B', tag3: 'C' }, 'D')).toEqual({ tag1: 'A', tag2: 'B', tag3: 'D' });
    expect(renamedPath({ tag1: 'A', tag2: '', tag3: '' }, 'D')).toEqual({ tag1: 'D', tag2: '', tag3: '' });
    expect(pathText({ tag1: 'A', tag2: 'B', tag3: '' })).toBe('A / B');
  });

  it('checks ids as the server takes them', () => {
    expect(isCategoryId('hall-a_1')).toBe(true);
    expect(isCategoryId('会場')).toBe(false);
    expect(isCategoryId('')).toBe(false);
    expect(suggestedCalendarId('hall-a')).toBe('cal-hall-a');
    expect(suggestedCalendarId('x'.repeat(64))).toHaveLength(64);
  });
});
