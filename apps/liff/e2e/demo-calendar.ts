// The demo health check-up's calendar as the browser tests see it (apps/server's demo seed,
// @city/demo-data): in 中央保健センター, slots 1–4 of 5 from today to today+27 but Sundays, booking
// closing the day before; on the busy date slot 2 has 1 unit left and slot 3 is full.
import { addDaysToDate, japaneseWeekday, todayInJapan } from '@city/survey-core';
import { formatSlotDate } from '@city/ui';
import type { Page } from 'playwright-core';

export const today = todayInJapan();
const firstOpenDay = (from: string) => (japaneseWeekday(from) === '日' ? addDaysToDate(from, 1) : from);
/** The demo's busy date: slot 2 few-left, slot 3 full (within the first week shown). */
export const busyDate = firstOpenDay(addDaysToDate(today, 3));
/** A quiet date this week, bookable now (booking closes the day before). */
export const quietDate =
  firstOpenDay(addDaysToDate(today, 1)) === busyDate ? firstOpenDay(addDaysToDate(busyDate, 1)) : firstOpenDay(addDaysToDate(today, 1));
export const TIMES = { '1': '09:00〜10:00', '2': '10:00〜11:00', '3': '13:00〜14:00', '4': '14:00〜15:00' } as const;
export type SlotId = keyof typeof TIMES;

/** A slot's cell on the week, by what a screen reader reads. */
export const slotCell = (page: Page, date: string, slotId: SlotId, meaning: string) =>
  page.getByRole('button', { name: `${formatSlotDate(date)}${TIMES[slotId]} ${meaning}`, exact: true });
