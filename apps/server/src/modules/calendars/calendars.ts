// What citizens may read of calendars: the category tree, the display settings, and a calendar's
// slots over a range of dates with what is left of each and whether it can be booked now.
import { CALENDAR_RANGE_MAX_DAYS } from '@city/api-client';
import type { CalendarCategory, CalendarCategoryTreeRoot, CalendarSlots, SlotStatus } from '@city/survey-core';
import { addDaysToDate, bookingWindowState, deadlineBefore, isCalendarDate, japanTimeToEpochMs, todayInJapan } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { CalendarRepository } from './calendar-repository.js';
import { closedDaysOf } from './closures.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The categories as a tree, in display order. Only levels that exist: a category with two tags is
 * a second-level node with no children. A node that is a category itself carries its id; a level
 * that only groups categories below it has none.
 */
export function categoryTree(categories: readonly CalendarCategory[]): CalendarCategoryTreeRoot[] {
  const roots: CalendarCategoryTreeRoot[] = [];
  const rootOf = (name: string) => {
    let root = roots.find((node) => node.name === name);
    if (root === undefined) {
      root = { name, children: [] };
      roots.push(root);
    }
    return root;
  };
  for (const category of categories) {
    const root = rootOf(category.tag1);
    if (category.tag2 === undefined) {
      root.categoryId = category.categoryId;
      continue;
    }
    let branch = root.children.find((node) => node.name === category.tag2);
    if (branch === undefined) {
      branch = { name: category.tag2, children: [] };
      root.children.push(branch);
    }
    if (category.tag3 === undefined) branch.categoryId = category.categoryId;
    else branch.children.push({ name: category.tag3, categoryId: category.categoryId });
  }
  return roots;
}

/** Whether `category` is `ancestor` or below it in the tree (its path starts with the ancestor's). */
export function isSameOrBelow(category: CalendarCategory, ancestor: CalendarCategory): boolean {
  return (
    category.tag1 === ancestor.tag1 &&
    (ancestor.tag2 === undefined || category.tag2 === ancestor.tag2) &&
    (ancestor.tag3 === undefined || category.tag3 === ancestor.tag3)
  );
}

/**
 * The calendar's slots from `from` to `to` (inclusive, at most CALENDAR_RANGE_MAX_DAYS days), each
 * with what is left and where it stands for booking at `now`. 400 `invalid_date_range` for an
 * impossible date, `from` after `to`, or too long a range; 404 `calendar_not_found`.
 */
export async function calendarSlots(calendars: CalendarRepository, calendarId: string, from: string, to: string, now: number): Promise<CalendarSlots> {
  checkRange(from, to);
  return buildCalendarSlots(calendars, calendarId, from, to, now);
}

/**
 * {@link calendarSlots} as citizens reload it: what every citizen is answered alike, so built once
 * (and made into an answer by `prepare`: serialized, compressed) for the reloads of the next
 * moment, and built again after any booking, cancel or edit of a slot in this process
 * (CalendarRepository.recentAvailability). `kept`: the name the prepared form is kept under, one
 * for each form (the API's answer, the week the citizen app's server renders).
 */
export async function recentCalendarSlots<Answer>(
  calendars: CalendarRepository,
  query: { calendarId: string; from: string; to: string },
  now: number,
  kept: string,
  prepare: (slots: CalendarSlots) => Answer,
): Promise<Answer> {
  const { calendarId, from, to } = query;
  checkRange(from, to);
  return calendars.recentAvailability(`${kept}\n${calendarId}\n${from}\n${to}`, now, async () => {
    const slots = await buildCalendarSlots(calendars, calendarId, from, to, now);
    return { value: prepare(slots), validUntil: await nextChange(calendars, slots, now) };
  });
}

/**
 * A calendar's week as the citizen app's server renders it (issue 31): the slots from `from` to
 * `to` as every citizen is answered them (kept like the API's answer, for a surge of page loads
 * from a LINE message), and the places (categories). Undefined for no such calendar or range: the
 * app renders that page, and says so.
 */
export async function citizenCalendarWeek(
  calendars: CalendarRepository,
  query: { calendarId: string; from: string; to: string },
  now: number,
): Promise<{ slots: CalendarSlots; categories: CalendarCategory[] } | undefined> {
  // Only a calendar a category books through: an address made up for each page load keeps nothing in memory.
  const categories = await calendars.categories();
  if (!categories.some((category) => category.calendarId === query.calendarId)) return undefined;
  try {
    return { slots: await recentCalendarSlots(calendars, query, now, 'week-page', (built) => built), categories };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return undefined;
    throw error;
  }
}

/**
 * When the slots as built at `now` change with time alone: at the next midnight in Japan (the day,
 * and the slots whose booking window opens), at the first deadline of a slot open for booking, or
 * when the first hold on them lapses (its units free again). A reload at that moment builds them
 * again, so on one instance a citizen sees a freed unit the millisecond it is free.
 */
async function nextChange(calendars: CalendarRepository, built: CalendarSlots, now: number): Promise<number> {
  let next = japanTimeToEpochMs(addDaysToDate(built.today, 1), '00:00');
  for (const slot of built.slots) {
    if (slot.status === 'open') next = Math.min(next, deadlineBefore(slot.date, slot.start, built.rules.bookingClosesBefore));
  }
  const from = built.slots[0]?.date;
  const to = built.slots.at(-1)?.date;
  const lapse = from === undefined || to === undefined ? undefined : await calendars.nextHoldLapse(built.calendarId, from, to, now);
  return lapse === undefined ? next : Math.min(next, lapse);
}

function checkRange(from: string, to: string): void {
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to || daysFromTo(from, to) > CALENDAR_RANGE_MAX_DAYS) {
    throw new HttpError(400, 'invalid_date_range', messages.invalidDateRange);
  }
}

async function buildCalendarSlots(calendars: CalendarRepository, calendarId: string, from: string, to: string, now: number): Promise<CalendarSlots> {
  const calendar = await calendars.findCalendar(calendarId);
  if (calendar === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
  const closedDays = await closedDaysOf(calendars, calendar, from, to);
  const closed = new Set(closedDays);
  const slots = (await calendars.slots(calendarId, from, to, now)).map((slot) => {
    const status: SlotStatus = closed.has(slot.date) ? 'closedDay' : bookingWindowState(slot, calendar.rules, now);
    return { slotId: slot.slotId, date: slot.date, start: slot.start, end: slot.end, capacity: slot.capacity, left: Math.max(0, slot.left), status };
  });
  return { calendarId, categoryId: calendar.categoryId, rules: calendar.rules, today: todayInJapan(now), closedDays, slots };
}

/** How many days `from` to `to` covers, both included. */
function daysFromTo(from: string, to: string): number {
  return Math.round((japanTimeToEpochMs(to, '00:00') - japanTimeToEpochMs(from, '00:00')) / DAY_MS) + 1;
}
