import { describe, expect, it } from 'vitest';
import { columnsToShow } from './column-choice.js';

const items = ['name', 'kana', 'phone', 'birthday', 'slot'];

describe('columns to show', () => {
  it('shows the first three items while the choice loads and when the server has none (null)', () => {
    expect(columnsToShow(items, undefined)).toEqual(['name', 'kana', 'phone']);
    expect(columnsToShow(items, null)).toEqual(['name', 'kana', 'phone']);
    expect(columnsToShow(['ticket', 'born'], null)).toEqual(['ticket', 'born']);
  });

  it('shows the chosen items in the survey’s order, whatever order they were saved in', () => {
    expect(columnsToShow(items, ['slot', 'name'])).toEqual(['name', 'slot']);
  });

  it('drops chosen keys the survey no longer has, and keeps an empty choice empty', () => {
    expect(columnsToShow(items, ['removed', 'phone'])).toEqual(['phone']);
    expect(columnsToShow(items, ['removed'])).toEqual([]);
    expect(columnsToShow(items, [])).toEqual([]);
  });
});
