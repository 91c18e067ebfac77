// The phone-booking form's answers: which items it asks, how they are checked (validateAnswers,
// the same rules and messages the server refuses with) and what is sent. The survey comes whole
// from staffSurvey, so choices are the items' options and products are picked from a list.
import type { Answers, Order, SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { citizenView, formatReservationValue, orderFromAnswers, registrationForm, validateAnswers } from '@city/survey-core';
import type { ChosenSlot } from './reservation-picker.js';

export interface BookingDraft {
  /**
   * Answers by itemKey as @city/ui's inputs give them: text, chosen options, and for a
   * selectProducts item one product id per unit (`['p1', 'p1']` is two of p1).
   */
  answers: Record<string, string | string[]>;
  /** Slots chosen, by the reservation item's itemKey. */
  slots: Record<string, ChosenSlot>;
}

export const emptyDraft: BookingDraft = { answers: {}, slots: {} };

/** What the staff API takes: the answers, and the products chosen as the order. */
export interface BookingRequest {
  answers: Record<string, string | string[]>;
  order?: Order;
}

/**
 * The items the form asks, as the server checks a booking: the staff member's view of the survey,
 * so staff-only items only for a role that may read them (`records.readStaffOnly`; the server
 * refuses their rows from any other role), and without a membership's number item (the server
 * writes the number).
 */
export function bookingItems(config: SurveyConfig, { withStaffOnly }: { withStaffOnly: boolean }): readonly SurveySchemaItem[] {
  return registrationForm(withStaffOnly ? config : citizenView(config)).surveySchema;
}

/** The draft as validateAnswers reads it: each chosen slot as its reservation value. */
function draftAnswers(draft: BookingDraft): Answers {
  const slots = Object.entries(draft.slots).map(([itemKey, slot]) => [itemKey, formatReservationValue(slot.ref)] as const);
  return { ...draft.answers, ...Object.fromEntries(slots) };
}

/** A Japanese message per item that needs attention before sending; `{}` when the draft may be sent. */
export function bookingProblems(items: readonly SurveySchemaItem[], draft: BookingDraft, now?: number): Record<string, string> {
  return validateAnswers(items, draftAnswers(draft), now === undefined ? {} : { now });
}

/**
 * The request to send: text trimmed, blank answers left out, each slot as its reservation value,
 * and the products as `order` (never as answers: they make no rows; the server reads the order).
 * Files items send nothing: staff cannot attach a citizen's files.
 */
export function bookingRequest(items: readonly SurveySchemaItem[], draft: BookingDraft): BookingRequest {
  const answers: Record<string, string | string[]> = {};
  const all = draftAnswers(draft);
  for (const item of items) {
    if (item.type === 'guide' || item.type === 'files' || item.type === 'selectProducts') continue;
    const value = Object.hasOwn(all, item.itemKey) ? all[item.itemKey] : undefined;
    if (typeof value === 'string') {
      if (value.trim() !== '') answers[item.itemKey] = value.trim();
    } else if (Array.isArray(value)) {
      const chosen = value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
      if (chosen.length > 0) answers[item.itemKey] = chosen;
    }
  }
  const order = orderFromAnswers(items, draft.answers);
  return order === undefined ? { answers } : { answers, order };
}
