// What staff do to calendars (`calendars.edit`): the category tree and its level names, calendars
// and their rules (予約停止, closed weekdays and public holidays), closed dates, and slots (put,
// generate from a weekly pattern, delete). A change that would strand a booking is refused (409)
// with every booking in the way listed, and writes nothing: capacity below what is booked, a
// booked slot re-timed or deleted, a booked day closed, a category with bookings deleted. Each
// function runs inside the caller's transaction (a route's, or the demo seed's) and audits itself.
import type { CalendarRules } from '@city/survey-core';
import { addDaysToDate, dayOfWeek, isCalendarDate, isTimeOfDay, japaneseWeekday, todayInJapan } from '@city/survey-core';
import type { Actor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { CalendarRepository } from './calendar-repository.js';
import { isSameOrBelow } from './calendars.js';
import type { CalendarClosures } from './closures.js';
import { closedByRule } from './closures.js';
import type { CalendarImportRepository, SlotWithClaims } from './import/calendar-import-repository.js';
import type { CategoryPath } from './import/category-csv.js';
import type { SlotDefinition } from './import/slot-csv.js';

export interface CalendarAdminRepositories {
  calendarImport: CalendarImportRepository;
  calendars: CalendarRepository;
  surveys: Pick<SurveyRepository, 'listAll'>;
  audit: AuditRepository;
}

/** What blocks a refused change: each thing's id and how staff name it. */
export interface Blocker {
  id: string;
  label: string;
}

/** Ids of categories, calendars and slots: plain, as they travel in keys and addresses. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** One generation makes at most this many slots: a year of a busy venue, not a typo's million. */
export const MAX_GENERATED_SLOTS = 10_000;
const MAX_CAPACITY = 100_000;
/** A pattern covers at most a year and a day. */
const MAX_PATTERN_DAYS = 366;

const invalid = (message: string) => new HttpError(400, 'invalid_calendar', message);
const slotLabel = (slot: { date: string; start: string; end: string; claimed?: number }) =>
  `${slot.date}（${japaneseWeekday(slot.date)}）${slot.start}〜${slot.end}${slot.claimed === undefined ? '' : ` 予約${String(slot.claimed)}人分`}`;
const slotBlocker = (slot: SlotWithClaims): Blocker => ({ id: `${slot.date}|${slot.slotId}`, label: slotLabel(slot) });
const refuse = (code: string, message: string, blockers: Blocker[]) => new HttpError(409, code, message, { blockers });

const pathText = (path: { tag1: string; tag2?: string | undefined; tag3?: string | undefined }) => [path.tag1, path.tag2, path.tag3].filter((tag) => tag !== undefined && tag !== '').join(' / ');

/**
 * Adds a category of the tree (any level), or renames one; renaming a level renames the categories
 * below it with it (they keep their ids, calendars and bookings). A rename that would move a
 * category with categories below it to another level is refused (409 `category_has_children`).
 */
export async function saveCategory(
  { calendarImport, audit }: CalendarAdminRepositories,
  actor: Actor,
  now: number,
  input: { categoryId: string } & CategoryPath,
): Promise<{ created: boolean }> {
  requireRole(actor, 'calendars.edit');
  const path = { tag1: input.tag1.trim(), tag2: input.tag2.trim(), tag3: input.tag3.trim() };
  if (path.tag1 === '' || (path.tag3 !== '' && path.tag2 === '')) throw invalid(messages.calendarAdmin.categoryPath);
  const stored = await calendarImport.categories();
  const existing = stored.find((category) => category.categoryId === input.categoryId);
  // Only a new category's id is checked: one imported under another format keeps it.
  if (existing === undefined && !ID_PATTERN.test(input.categoryId)) throw invalid(messages.calendarAdmin.categoryId);
  const samePath = stored.find((category) => category.tag1 === path.tag1 && category.tag2 === path.tag2 && category.tag3 === path.tag3);
  if (samePath !== undefined && samePath.categoryId !== input.categoryId) throw refuse('category_path_taken', messages.calendarAdmin.pathTaken(pathText(path)), [{ id: samePath.categoryId, label: pathText(samePath) }]);
  if (existing === undefined) {
    // Below a category that has a calendar, the new one would hide it: citizens would pick past it.
    const holder = stored.find((category) => category.categoryId !== input.categoryId && (pathText(category) === pathText({ tag1: path.tag1, tag2: '', tag3: '' }) || (path.tag3 !== '' && pathText(category) === pathText({ tag1: path.tag1, tag2: path.tag2, tag3: '' }))));
    const holderCalendar = holder === undefined ? undefined : await calendarImport.calendarOfCategory(holder.categoryId);
    if (holder !== undefined && holderCalendar !== undefined) throw refuse('category_has_calendar', messages.calendarAdmin.parentHasCalendar(pathText(holder)), [{ id: holderCalendar, label: pathText(holder) }]);
    await calendarImport.insertCategory({ categoryId: input.categoryId, ...path, position: Math.max(0, ...stored.map((category) => category.position + 1)) });
    await appendAudit(audit, actor, { action: 'category.create', target: `category:${input.categoryId}`, detail: { path: pathText(path) } }, now);
    return { created: true };
  }
  if (pathText(existing) === pathText(path)) return { created: false };
  const depth = (category: CategoryPath) => (category.tag3 !== '' ? 3 : category.tag2 !== '' ? 2 : 1);
  const asCategory = (category: CategoryPath) => ({ tag1: category.tag1, ...(category.tag2 === '' ? {} : { tag2: category.tag2 }), ...(category.tag3 === '' ? {} : { tag3: category.tag3 }) });
  const below = stored.filter((other) => other.categoryId !== existing.categoryId && isSameOrBelow({ categoryId: other.categoryId, ...asCategory(other) }, { categoryId: existing.categoryId, ...asCategory(existing) }));
  if (below.length > 0 && depth(existing) !== depth(path)) throw refuse('category_has_children', messages.calendarAdmin.renameMovesBranch, below.map((other) => ({ id: other.categoryId, label: pathText(other) })));
  const level = depth(existing);
  const renamed = (category: CategoryPath): CategoryPath => ({ tag1: path.tag1, tag2: level >= 2 ? path.tag2 : category.tag2, tag3: level >= 3 ? path.tag3 : category.tag3 });
  const clashes = below.map(renamed).filter((moved) => stored.some((other) => pathText(other) === pathText(moved) && !below.some((child) => child.categoryId === other.categoryId)));
  if (clashes.length > 0) throw refuse('category_path_taken', messages.calendarAdmin.pathTaken(pathText(clashes[0] ?? path)), clashes.map((moved) => ({ id: pathText(moved), label: pathText(moved) })));
  await calendarImport.renameCategory(input.categoryId, path);
  for (const child of below) await calendarImport.renameCategory(child.categoryId, renamed(child));
  const detail = { path: { from: pathText(existing), to: pathText(path) }, below: below.map((child) => child.categoryId) };
  await appendAudit(audit, actor, { action: 'category.rename', target: `category:${input.categoryId}`, detail }, now);
  return { created: false };
}

/**
 * Deletes a category and its calendar (slots, closed days). Refused (409, nothing written) while
 * categories hang below it, a survey books through it, or anyone holds a booking in its calendar.
 */
export async function deleteCategory(repositories: CalendarAdminRepositories, actor: Actor, now: number, categoryId: string): Promise<void> {
  requireRole(actor, 'calendars.edit');
  const { calendarImport, calendars, surveys, audit } = repositories;
  const category = await calendars.findCategory(categoryId);
  if (category === undefined) throw new HttpError(404, 'category_not_found', messages.calendarAdmin.categoryNotFound);
  const below = (await calendars.categories()).filter((other) => other.categoryId !== categoryId && isSameOrBelow(other, category));
  if (below.length > 0) throw refuse('category_has_children', messages.calendarAdmin.hasChildren, below.map((other) => ({ id: other.categoryId, label: pathText(other) })));
  const usedBy = (await surveys.listAll()).filter((survey) => survey.config.surveySchema.some((item) => item.type === 'reservation' && item.categoryId === categoryId));
  if (usedBy.length > 0) {
    throw refuse('category_in_use', messages.calendarAdmin.inUse, usedBy.map((survey) => ({ id: survey.config.surveyId, label: survey.config.surveyTitle ?? survey.config.surveyId })));
  }
  if (category.calendarId !== undefined) {
    // Every claim counts, past slots included: a record keeps pointing at its slot.
    const booked = (await calendarImport.slotsBetween(category.calendarId, '0000-01-01', '9999-12-31')).filter((slot) => slot.claimed > 0);
    if (booked.length > 0) throw refuse('category_has_bookings', messages.calendarAdmin.hasBookings(booked.length), booked.map(slotBlocker));
    await calendarImport.deleteCalendar(category.calendarId);
  }
  await calendarImport.deleteCategory(categoryId);
  await appendAudit(audit, actor, { action: 'category.delete', target: `category:${categoryId}`, detail: { path: pathText(category), calendarId: category.calendarId ?? null } }, now);
}

/** Names the tree's three levels as citizens read them (地区 / 会場 / 接種回数). */
export async function setCategoryLabels({ calendarImport, audit }: CalendarAdminRepositories, actor: Actor, now: number, labels: { tag1: string; tag2: string; tag3: string }): Promise<void> {
  requireRole(actor, 'calendars.edit');
  const next = { tag1: labels.tag1.trim(), tag2: labels.tag2.trim(), tag3: labels.tag3.trim() };
  if (next.tag1 === '' || next.tag2 === '' || next.tag3 === '') throw invalid(messages.calendarAdmin.labels);
  const before = await calendarImport.categoryLabels();
  if (JSON.stringify(before) === JSON.stringify(next)) return;
  await calendarImport.setCategoryLabels(next);
  await appendAudit(audit, actor, { action: 'category.labels', target: 'calendars', detail: { from: before, to: next } }, now);
}

export interface CalendarSettings {
  calendarId: string;
  categoryId: string;
  rules: CalendarRules;
  closures: CalendarClosures;
}

function requireValidRules(rules: CalendarRules, closures: CalendarClosures): void {
  const amounts = [rules.bookingOpensDaysAhead, rules.bookingClosesBefore.amount, rules.changeClosesBefore.amount];
  if (amounts.some((amount) => !Number.isInteger(amount) || amount < 0 || amount > 3650)) throw invalid(messages.calendarAdmin.rules);
  if (rules.maxActiveBookingsPerUser !== undefined && (!Number.isInteger(rules.maxActiveBookingsPerUser) || rules.maxActiveBookingsPerUser < 1)) throw invalid(messages.calendarAdmin.rules);
  if (closures.weekdays.some((weekday) => !Number.isInteger(weekday) || weekday < 0 || weekday > 6)) throw invalid(messages.calendarAdmin.rules);
}

/**
 * Makes a calendar on a bookable category (one with no categories below it and no calendar yet),
 * or sets an existing one's rules and closures. Closing weekdays or holidays on which bookings
 * stand from today on is refused (409 `booked_day_closed`, the dates listed).
 */
export async function saveCalendar(repositories: CalendarAdminRepositories, actor: Actor, now: number, input: CalendarSettings): Promise<{ created: boolean }> {
  requireRole(actor, 'calendars.edit');
  const { calendarImport, calendars, audit } = repositories;
  if (!ID_PATTERN.test(input.calendarId)) throw invalid(messages.calendarAdmin.calendarId);
  requireValidRules(input.rules, input.closures);
  const existing = await calendars.findCalendar(input.calendarId);
  if (existing === undefined) {
    const category = await calendars.findCategory(input.categoryId);
    if (category === undefined) throw new HttpError(404, 'category_not_found', messages.calendarAdmin.categoryNotFound);
    if (category.calendarId !== undefined) throw refuse('category_has_calendar', messages.calendarAdmin.categoryHasCalendar, [{ id: category.calendarId, label: category.calendarId }]);
    const below = (await calendars.categories()).filter((other) => other.categoryId !== category.categoryId && isSameOrBelow(other, category));
    if (below.length > 0) throw refuse('category_has_children', messages.calendarAdmin.calendarOnBranch, below.map((other) => ({ id: other.categoryId, label: pathText(other) })));
    await calendarImport.insertCalendar({ calendarId: input.calendarId, categoryId: input.categoryId, rules: input.rules, closures: input.closures });
    await appendAudit(audit, actor, { action: 'calendar.create', target: `calendar:${input.calendarId}`, detail: { categoryId: input.categoryId, rules: input.rules, closures: input.closures } }, now);
    return { created: true };
  }
  if (existing.categoryId !== input.categoryId) throw invalid(messages.calendarAdmin.categoryChanged);
  if (JSON.stringify({ rules: existing.rules, closures: existing.closures }) === JSON.stringify({ rules: input.rules, closures: { weekdays: [...input.closures.weekdays].sort(), publicHolidays: input.closures.publicHolidays } })) {
    return { created: false };
  }
  const closedNow = (await calendarImport.claimedDatesFrom(input.calendarId, todayInJapan(now))).filter(({ date }) => closedByRule(input.closures, date) && !closedByRule(existing.closures, date));
  if (closedNow.length > 0) {
    throw refuse('booked_day_closed', messages.calendarAdmin.bookedDayClosed(closedNow.length), closedNow.map(({ date, claimed }) => ({ id: date, label: `${date}（${japaneseWeekday(date)}） 予約${String(claimed)}人分` })));
  }
  await calendarImport.updateCalendar({ calendarId: input.calendarId, rules: input.rules, closures: input.closures });
  const detail = { rules: { from: existing.rules, to: input.rules }, closures: { from: existing.closures, to: input.closures } };
  await appendAudit(audit, actor, { action: input.rules.bookingStopped === existing.rules.bookingStopped ? 'calendar.rules' : input.rules.bookingStopped === true ? 'calendar.stop' : 'calendar.resume', target: `calendar:${input.calendarId}`, detail }, now);
  return { created: false };
}

async function requireCalendar(calendars: CalendarRepository, calendarId: string) {
  const calendar = await calendars.findCalendar(calendarId);
  if (calendar === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
  return calendar;
}

/** Closes dates (refused while any is booked: 409 `booked_day_closed`) and opens others. */
export async function setClosedDays(
  { calendarImport, calendars, audit }: CalendarAdminRepositories,
  actor: Actor,
  now: number,
  calendarId: string,
  change: { close: readonly string[]; open: readonly string[] },
): Promise<void> {
  requireRole(actor, 'calendars.edit');
  await requireCalendar(calendars, calendarId);
  if ([...change.close, ...change.open].some((date) => !isCalendarDate(date))) throw invalid(messages.calendarAdmin.date);
  const slots = await calendarImport.slotsOn(calendarId, change.close);
  const booked = slots.filter((slot) => slot.claimed > 0);
  if (booked.length > 0) throw refuse('booked_day_closed', messages.calendarAdmin.bookedDayClosed(new Set(booked.map((slot) => slot.date)).size), booked.map(slotBlocker));
  const opened = await calendarImport.closedDaysOn(calendarId, change.open);
  const closed: string[] = [];
  for (const date of change.close) if (await calendarImport.addClosedDay(calendarId, date)) closed.push(date);
  for (const date of opened) await calendarImport.removeClosedDay(calendarId, date);
  if (closed.length + opened.length === 0) return;
  await calendarImport.touchCalendar(calendarId);
  await appendAudit(audit, actor, { action: 'calendar.closedDays', target: `calendar:${calendarId}`, detail: { closed, opened } }, now);
}

function requireValidSlot(slot: SlotDefinition): void {
  if (!isCalendarDate(slot.date) || !ID_PATTERN.test(slot.slotId) || !isTimeOfDay(slot.start) || !isTimeOfDay(slot.end) || slot.start >= slot.end) throw invalid(messages.calendarAdmin.slot(slotLabel(slot)));
  if (!Number.isInteger(slot.capacity) || slot.capacity < 0 || slot.capacity > MAX_CAPACITY) throw invalid(messages.calendarAdmin.capacity(slotLabel(slot)));
}

/**
 * Adds slots or sets their times and capacity, all or none. Refused (409, every one listed) when
 * a capacity would fall below what is booked (`capacity_below_booked`) or a booked slot would
 * move (`booked_slot_retimed`: the citizens were told its time).
 */
export async function putSlots(
  { calendarImport, calendars, audit }: CalendarAdminRepositories,
  actor: Actor,
  now: number,
  calendarId: string,
  slots: readonly SlotDefinition[],
): Promise<{ added: number; changed: number; unchanged: number }> {
  requireRole(actor, 'calendars.edit');
  await requireCalendar(calendars, calendarId);
  slots.forEach(requireValidSlot);
  const key = (slot: { date: string; slotId: string }) => `${slot.date}|${slot.slotId}`;
  if (new Set(slots.map(key)).size !== slots.length) throw invalid(messages.calendarAdmin.duplicateSlot);
  const stored = new Map((await calendarImport.slotsOn(calendarId, [...new Set(slots.map((slot) => slot.date))])).map((slot) => [key(slot), slot]));
  const belowBooked: Blocker[] = [];
  const retimed: Blocker[] = [];
  const counts = { added: 0, changed: 0, unchanged: 0 };
  const writes: SlotDefinition[] = [];
  const changes: { slot: string; from: unknown; to: unknown }[] = [];
  for (const slot of slots) {
    const before = stored.get(key(slot));
    if (before === undefined) {
      counts.added += 1;
      writes.push(slot);
      continue;
    }
    if (before.start === slot.start && before.end === slot.end && before.capacity === slot.capacity) {
      counts.unchanged += 1;
      continue;
    }
    if (slot.capacity < before.claimed) belowBooked.push(slotBlocker(before));
    if (before.claimed > 0 && (before.start !== slot.start || before.end !== slot.end)) retimed.push(slotBlocker(before));
    counts.changed += 1;
    writes.push(slot);
    changes.push({ slot: key(slot), from: { start: before.start, end: before.end, capacity: before.capacity }, to: { start: slot.start, end: slot.end, capacity: slot.capacity } });
  }
  if (belowBooked.length > 0) throw refuse('capacity_below_booked', messages.calendarAdmin.capacityBelowBooked(belowBooked.length), belowBooked);
  if (retimed.length > 0) throw refuse('booked_slot_retimed', messages.calendarAdmin.bookedSlotRetimed(retimed.length), retimed);
  if (writes.length === 0) return counts;
  for (const slot of writes) await calendarImport.putSlot(calendarId, slot);
  await calendarImport.touchCalendar(calendarId);
  await appendAudit(audit, actor, { action: 'calendar.slots', target: `calendar:${calendarId}`, detail: { added: writes.filter((slot) => !stored.has(key(slot))).map(key), changed: changes } }, now);
  return counts;
}

/** A weekly pattern: on these weekdays between two dates, slots of `minutes` from `start` to `end`. */
export interface SlotPattern {
  from: string;
  to: string;
  /** 0 (Sunday) to 6 (Saturday). */
  weekdays: readonly number[];
  /** `HH:MM`: the first slot starts here; the last ends at or before `end`. */
  start: string;
  end: string;
  minutes: number;
  capacity: number;
  /** Leave out the calendar's closed days (its rules' and its dates'). Default true. */
  skipClosedDays?: boolean;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The slots a pattern makes: each slot's id is its start (`0930`), the same on every date, as a slot file's rows are. */
export function slotsOfPattern(pattern: SlotPattern, isClosed: (date: string) => boolean = () => false): SlotDefinition[] {
  if (!isCalendarDate(pattern.from) || !isCalendarDate(pattern.to) || pattern.from > pattern.to) throw invalid(messages.calendarAdmin.date);
  if (!isTimeOfDay(pattern.start) || !isTimeOfDay(pattern.end) || pattern.start >= pattern.end) throw invalid(messages.calendarAdmin.patternTimes);
  if (!Number.isInteger(pattern.minutes) || pattern.minutes < 5 || pattern.minutes > 24 * 60) throw invalid(messages.calendarAdmin.patternMinutes);
  if (pattern.weekdays.length === 0) throw invalid(messages.calendarAdmin.patternWeekdays);
  const slots: SlotDefinition[] = [];
  for (let date = pattern.from; date <= pattern.to; date = addDaysToDate(date, 1)) {
    if (!pattern.weekdays.includes(dayOfWeek(date)) || isClosed(date)) continue;
    for (let start = toMinutes(pattern.start); start + pattern.minutes <= toMinutes(pattern.end); start += pattern.minutes) {
      slots.push({ date, slotId: toTime(start).replace(':', ''), start: toTime(start), end: toTime(start + pattern.minutes), capacity: pattern.capacity });
      if (slots.length > MAX_GENERATED_SLOTS) throw invalid(messages.calendarAdmin.tooManySlots(MAX_GENERATED_SLOTS));
    }
  }
  return slots;
}

/**
 * Adds the slots a weekly pattern makes (平日 9:00〜12:00 30分ごと 定員3). A slot already on a date
 * with the same id is left as it is (a booked one keeps its capacity): generating twice adds nothing.
 */
export async function generateSlots(repositories: CalendarAdminRepositories, actor: Actor, now: number, calendarId: string, pattern: SlotPattern): Promise<{ added: number; existing: number }> {
  requireRole(actor, 'calendars.edit');
  const calendar = await requireCalendar(repositories.calendars, calendarId);
  // Checked before anything reads the range: a typo's year 9026 must not walk millions of days.
  if (!isCalendarDate(pattern.from) || !isCalendarDate(pattern.to) || pattern.from > pattern.to || addDaysToDate(pattern.from, MAX_PATTERN_DAYS) < pattern.to) {
    throw invalid(messages.calendarAdmin.patternRange(MAX_PATTERN_DAYS));
  }
  const explicitlyClosed = new Set(await repositories.calendars.closedDays(calendarId, pattern.from, pattern.to));
  const skip = pattern.skipClosedDays ?? true;
  const slots = slotsOfPattern(pattern, (date) => skip && (explicitlyClosed.has(date) || closedByRule(calendar.closures, date)));
  if (slots.some((slot) => slot.capacity < 0) || !Number.isInteger(pattern.capacity) || pattern.capacity < 0 || pattern.capacity > MAX_CAPACITY) throw invalid(messages.calendarAdmin.capacity(''));
  const key = (slot: { date: string; slotId: string }) => `${slot.date}|${slot.slotId}`;
  const stored = new Set((await repositories.calendarImport.slotsOn(calendarId, [...new Set(slots.map((slot) => slot.date))])).map(key));
  const fresh = slots.filter((slot) => !stored.has(key(slot)));
  if (fresh.length > 0) {
    for (const slot of fresh) await repositories.calendarImport.putSlot(calendarId, slot);
    await repositories.calendarImport.touchCalendar(calendarId);
    await appendAudit(repositories.audit, actor, { action: 'calendar.generate', target: `calendar:${calendarId}`, detail: { pattern, added: fresh.length } }, now);
  }
  return { added: fresh.length, existing: slots.length - fresh.length };
}

/** Deletes slots, all or none: refused (409 `booked_slot_deleted`, every booked one listed) while any is booked. */
export async function deleteSlots(
  { calendarImport, calendars, audit }: CalendarAdminRepositories,
  actor: Actor,
  now: number,
  calendarId: string,
  slots: readonly { date: string; slotId: string }[],
): Promise<{ deleted: number }> {
  requireRole(actor, 'calendars.edit');
  await requireCalendar(calendars, calendarId);
  const wanted = new Set(slots.map((slot) => `${slot.date}|${slot.slotId}`));
  const stored = (await calendarImport.slotsOn(calendarId, [...new Set(slots.map((slot) => slot.date))])).filter((slot) => wanted.has(`${slot.date}|${slot.slotId}`));
  const booked = stored.filter((slot) => slot.claimed > 0);
  if (booked.length > 0) throw refuse('booked_slot_deleted', messages.calendarAdmin.bookedSlotDeleted(booked.length), booked.map(slotBlocker));
  for (const slot of stored) await calendarImport.deleteSlot(calendarId, slot.date, slot.slotId);
  if (stored.length > 0) {
    await calendarImport.touchCalendar(calendarId);
    await appendAudit(audit, actor, { action: 'calendar.deleteSlots', target: `calendar:${calendarId}`, detail: { deleted: stored.map((slot) => ({ date: slot.date, slotId: slot.slotId, start: slot.start, end: slot.end, capacity: slot.capacity })) } }, now);
  }
  return { deleted: stored.length };
}
