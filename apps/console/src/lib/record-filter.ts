// The results list's filter form and the RecordFilter it sends. Every condition filled in must
// hold (AND); a blank field is no condition. Date-times are typed in Japan time to the minute.
import type { RecordFilter, RecordOrigin } from '@city/api-client/staff-contract';
import type { CheckStatus } from '@city/survey-core';
import { japanTimeToEpochMs } from '@city/survey-core';
import { messages } from '../messages.js';

/** What the filter form holds: text as typed (datetime-local `YYYY-MM-DDTHH:MM`, date `YYYY-MM-DD`). */
export interface FilterForm {
  /** The value typed for an item, by itemKey. */
  items: Record<string, string>;
  createdFrom: string;
  createdTo: string;
  updatedFrom: string;
  updatedTo: string;
  slotDateFrom: string;
  slotDateTo: string;
  statuses: CheckStatus[];
  origins: RecordOrigin[];
}

export const emptyFilterForm: FilterForm = {
  items: {},
  createdFrom: '',
  createdTo: '',
  updatedFrom: '',
  updatedTo: '',
  slotDateFrom: '',
  slotDateTo: '',
  statuses: [],
  origins: [],
};

/** Item types answered by choosing one of fixed words: matched exactly, so 満足 does not find やや満足. */
const CHOICE_TYPES = new Set(['radio', 'dropdown', 'checkboxes']);

const MINUTE_MS = 60_000;

/** ms since the epoch of a datetime-local value read as Japan time; undefined when blank. */
function instantOf(value: string): number | undefined | null {
  if (value === '') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return japanTimeToEpochMs(match[1], match[2]);
}

export type FilterProblems = Partial<Record<'created' | 'updated' | 'slotDate', string>>;

/**
 * The RecordFilter the form stands for, or the problems to fix first (a range that ends before it
 * starts). The end of a date-time range takes in its whole minute.
 */
export function toRecordFilter(form: FilterForm, itemTypes: Readonly<Record<string, string>>): { filter: RecordFilter } | { problems: FilterProblems } {
  const filter: RecordFilter = {};
  const problems: FilterProblems = {};
  const items = Object.entries(form.items)
    .map(([itemKey, value]) => ({ itemKey, value: value.trim() }))
    .filter(({ itemKey, value }) => value !== '' && itemTypes[itemKey] !== undefined)
    .map(({ itemKey, value }) => ({ itemKey, value, match: CHOICE_TYPES.has(itemTypes[itemKey] ?? '') ? ('exact' as const) : ('partial' as const) }));
  if (items.length > 0) filter.items = items;

  const range = (name: 'created' | 'updated', fromText: string, toText: string) => {
    const from = instantOf(fromText);
    const to = instantOf(toText);
    if (from === null || to === null) {
      problems[name] = messages.filterInvalidDateTime;
      return;
    }
    if (from !== undefined && to !== undefined && to < from) {
      problems[name] = messages.filterRangeReversed;
      return;
    }
    if (from !== undefined) filter[`${name}From`] = from;
    if (to !== undefined) filter[`${name}To`] = to + MINUTE_MS - 1;
  };
  range('created', form.createdFrom, form.createdTo);
  range('updated', form.updatedFrom, form.updatedTo);

  if (form.slotDateFrom !== '' && form.slotDateTo !== '' && form.slotDateTo < form.slotDateFrom) problems.slotDate = messages.filterRangeReversed;
  else {
    if (form.slotDateFrom !== '') filter.slotDateFrom = form.slotDateFrom;
    if (form.slotDateTo !== '') filter.slotDateTo = form.slotDateTo;
  }
  if (form.statuses.length > 0) filter.statuses = [...form.statuses];
  if (form.origins.length > 0) filter.origins = [...form.origins];
  return Object.keys(problems).length > 0 ? { problems } : { filter };
}
