import type { CalendarDisplaySettings, CalendarRules } from '@city/survey-core';
import type { CalendarClosures } from '../closures.js';
import type { SlotClaim } from '../calendar-repository.js';
import type { CategoryPath } from './category-csv.js';
import type { SlotDefinition } from './slot-csv.js';

/** A stored category: its id, path and display position. */
export interface StoredCategory extends CategoryPath {
  categoryId: string;
  position: number;
}

/** A stored slot and the units claimed from it (and offered from its waitlist: they are promised). */
export interface SlotWithClaims extends SlotDefinition {
  claimed: number;
}

/** A claim as the seed writes it (the calendars module's SlotClaim; the time is the writer's). */
export type SeededClaim = Omit<SlotClaim, 'createdAt'>;

/**
 * What staff's calendar administration, importing and the demo seed write: the category tree,
 * calendars, their slots and closed days, and (the seed) claims. Only statements: the caller holds
 * the transaction.
 */
export interface CalendarImportRepository {
  categories(): Promise<StoredCategory[]>;
  insertCategory(category: StoredCategory): Promise<void>;
  renameCategory(categoryId: string, path: CategoryPath): Promise<void>;
  /** The calendar and the category it hangs off. */
  findCalendar(calendarId: string): Promise<{ calendarId: string; categoryId: string } | undefined>;
  calendarOfCategory(categoryId: string): Promise<string | undefined>;
  insertCalendar(calendar: { calendarId: string; categoryId: string; rules: CalendarRules; closures?: CalendarClosures }): Promise<void>;
  /** Sets a calendar's rules (予約停止 among them) and the days its rules close it. */
  updateCalendar(calendar: { calendarId: string; rules: CalendarRules; closures: CalendarClosures }): Promise<void>;
  /** Removes a calendar with its slots and closed days (the caller made sure nothing is booked). */
  deleteCalendar(calendarId: string): Promise<void>;
  deleteCategory(categoryId: string): Promise<void>;
  /** The calendar's slots from `from` to `to`, with what is claimed of each. */
  slotsBetween(calendarId: string, from: string, to: string): Promise<SlotWithClaims[]>;
  /** Every date from `from` on with units claimed in the calendar, and how many. */
  claimedDatesFrom(calendarId: string, from: string): Promise<{ date: string; claimed: number }[]>;
  /** Marks the calendar changed (its slots or closed days). */
  touchCalendar(calendarId: string): Promise<void>;
  /** The calendar's slots on these dates, with what is claimed of each. */
  slotsOn(calendarId: string, dates: readonly string[]): Promise<SlotWithClaims[]>;
  /** Adds the slot or sets its times and capacity (the database refuses a capacity below its claims). */
  putSlot(calendarId: string, slot: SlotDefinition): Promise<void>;
  /** Adds the slot unless the date already has one with its id; true when added. */
  addSlotIfMissing(calendarId: string, slot: SlotDefinition): Promise<boolean>;
  deleteSlot(calendarId: string, date: string, slotId: string): Promise<void>;
  closedDaysOn(calendarId: string, dates: readonly string[]): Promise<string[]>;
  /** Adds a closed day; true when it was not one already. */
  addClosedDay(calendarId: string, date: string): Promise<boolean>;
  removeClosedDay(calendarId: string, date: string): Promise<void>;
  /** The names of the three category levels (大分類 / 中分類 / 小分類 until set). */
  categoryLabels(): Promise<CalendarDisplaySettings['categoryLabels']>;
  setCategoryLabels(labels: CalendarDisplaySettings['categoryLabels']): Promise<void>;
  /** The claim a record's item holds, if any. */
  claimOf(partitionKey: string, itemKey: string): Promise<SeededClaim | undefined>;
}
