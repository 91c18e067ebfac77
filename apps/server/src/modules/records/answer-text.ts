// How staff read the answers that are not plain text: a booking by its place and time (the row
// holds `category|date|slot`), products by the record's order (they are never result rows).
import type { CalendarCategory, SelectProductsItem } from '@city/survey-core';
import { japaneseWeekday, parseReservationValue } from '@city/survey-core';
import { messages } from '../../messages.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { OrderStatus, StoredOrder } from '../orders/order-repository.js';

/** 大分類 / 中分類 / 小分類 of a category, as the calendar screens name it. */
export const placeOf = (category: CalendarCategory) => [category.tag1, category.tag2, category.tag3].filter((tag) => tag !== undefined && tag !== '').join(' / ');

/** `健康診断 / 中央会場 2026-12-01（火）09:00〜09:30`; the raw answer when its slot is gone. */
export async function reservationText(calendars: Pick<CalendarRepository, 'findCategory' | 'findSlot'>, value: string, times: { start: string; end: string } | undefined, now: number): Promise<string> {
  const slot = parseReservationValue(value);
  if (slot === undefined) return value;
  const category = await calendars.findCategory(slot.categoryId);
  if (category === undefined) return value;
  const found = times ?? (category.calendarId === undefined ? undefined : await calendars.findSlot(category.calendarId, slot.date, slot.slotId, now));
  return messages.reservationAnswer(placeOf(category), slot.date, japaneseWeekday(slot.date), found?.start, found?.end);
}

/** Which of a record's orders its products answers show: the paid one, else the one awaiting payment, else the newest. */
const ORDER_PREFERENCE: readonly OrderStatus[] = ['paid', 'refunded', 'pending'];

export function orderShown(orders: readonly StoredOrder[]): StoredOrder | undefined {
  return ORDER_PREFERENCE.map((status) => orders.find((candidate) => candidate.status === status)).find((found) => found !== undefined) ?? orders[0];
}

/** `特定健診 受診料 ×1（1,500円・支払い済み）`: the order's lines of this item's products, or '' when none. */
export function productsText(order: StoredOrder | undefined, item: Pick<SelectProductsItem, 'products'>): string {
  const ids = new Set(item.products.map((product) => product.productId));
  const lines = (order?.lines ?? []).filter((line) => ids.has(line.productId));
  if (order === undefined || lines.length === 0) return '';
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  return messages.productsAnswer(lines, subtotal, messages.orderStatus[order.status]);
}
