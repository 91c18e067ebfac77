// The phone-booking form's answers as the staff API takes them. The staff survey list names each
// item's type only (no options, products, formats or required flags), so choice items are typed
// as the words of their options (several separated by 、 or a comma).
import { formatReservationValue } from '@city/survey-core';
import type { ChosenSlot } from './reservation-picker.js';

/** Item types answered with several values. */
const LIST_TYPES = new Set(['checkboxes', 'selectProducts']);

export interface BookingDraft {
  /** Text typed, by itemKey. */
  texts: Record<string, string>;
  /** Slots chosen, by the reservation item's itemKey. */
  slots: Record<string, ChosenSlot>;
}

/** The answers to send: blank ones left out, lists split, each slot as its reservation value. */
export function answersOf(items: readonly { itemKey: string; type: string }[], draft: BookingDraft): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const item of items) {
    if (item.type === 'reservation') {
      const slot = draft.slots[item.itemKey];
      if (slot !== undefined) answers[item.itemKey] = formatReservationValue(slot.ref);
      continue;
    }
    const text = (draft.texts[item.itemKey] ?? '').trim();
    if (text === '') continue;
    answers[item.itemKey] = LIST_TYPES.has(item.type)
      ? text
          .split(/[、,，]/)
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : text;
  }
  return answers;
}
