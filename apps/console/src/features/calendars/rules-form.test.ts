import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, draftOf, NO_CLOSURES, rulesOf } from './rules-form.js';

describe('the rules form', () => {
  it('reads back what it was given, the stop kept as it is', () => {
    const rules = { ...DEFAULT_RULES, maxActiveBookingsPerUser: 3 };
    const closures = { weekdays: [6, 0], publicHolidays: true };
    expect(rulesOf(draftOf(rules, closures), true)).toEqual({ rules: { ...rules, bookingStopped: true }, closures: { weekdays: [0, 6], publicHolidays: true } });
    expect(rulesOf(draftOf(DEFAULT_RULES, NO_CLOSURES), undefined)).toEqual({ rules: DEFAULT_RULES, closures: NO_CLOSURES });
  });

  it('leaves out the limit when it is blank, and takes hours', () => {
    const draft = { ...draftOf(DEFAULT_RULES, NO_CLOSURES), maxActive: ' ', closesAmount: '2', closesUnit: 'hours' as const };
    expect(rulesOf(draft, false)).toMatchObject({ rules: { bookingClosesBefore: { unit: 'hours', amount: 2 }, bookingStopped: false } });
    expect('maxActiveBookingsPerUser' in (rulesOf(draft, false) as { rules: object }).rules).toBe(false);
  });

  it('names every field typed wrong', () => {
    const draft = { ...draftOf(DEFAULT_RULES, NO_CLOSURES), opensDaysAhead: '-1', changeAmount: '1.5', maxActive: '0' };
    expect(rulesOf(draft, undefined)).toEqual({ invalid: ['opensDaysAhead', 'changeAmount', 'maxActive'] });
  });
});
