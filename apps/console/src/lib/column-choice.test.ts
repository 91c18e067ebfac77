import { describe, expect, it } from 'vitest';
import { columnChoiceKey, loadColumnChoice, saveColumnChoice } from './column-choice.js';

const items = ['name', 'kana', 'phone', 'birthday', 'slot'];

describe('column choice', () => {
  it('shows the first three items until someone chooses', () => {
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual(['name', 'kana', 'phone']);
  });

  it('keeps each staff member’s choice per survey, in the survey’s order', () => {
    saveColumnChoice(localStorage, 'staff-1', 'health-checkup', ['slot', 'name']);
    saveColumnChoice(localStorage, 'staff-2', 'health-checkup', ['phone']);
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual(['name', 'slot']);
    expect(loadColumnChoice(localStorage, 'staff-2', 'health-checkup', items)).toEqual(['phone']);
    expect(loadColumnChoice(localStorage, 'staff-1', 'event-application', ['ticket', 'born'])).toEqual(['ticket', 'born']);
    expect(localStorage.getItem(columnChoiceKey('staff-1', 'health-checkup'))).toContain('slot');
  });

  it('keeps an empty choice, and drops items the survey no longer has', () => {
    saveColumnChoice(localStorage, 'staff-1', 'health-checkup', []);
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual([]);
    saveColumnChoice(localStorage, 'staff-1', 'health-checkup', ['removed', 'phone']);
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual(['phone']);
  });

  it('falls back to the first items when what is stored is not a list of item keys', () => {
    localStorage.setItem(columnChoiceKey('staff-1', 'health-checkup'), '{not json');
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual(['name', 'kana', 'phone']);
    localStorage.setItem(columnChoiceKey('staff-1', 'health-checkup'), JSON.stringify({ name: true }));
    expect(loadColumnChoice(localStorage, 'staff-1', 'health-checkup', items)).toEqual(['name', 'kana', 'phone']);
  });
});
