import { answerFor, isFileRef, normalizedAnswer, strings } from './answers.js';
import { isStaffOnlyItem } from './citizen-view.js';
import { isCalendarDate, todayInJapan } from './japan-time.js';
import { validationMessages as messages } from './messages.js';
import { parseReservationValue } from './reservation.js';
import type { Answers, SurveySchemaItem, TextFormat } from './types.js';

/** Options of {@link validateAnswers}. */
export interface ValidateAnswersOptions {
  /** Milliseconds standing for "now" when checking that a birthday is not in the future. */
  now?: number;
}

/**
 * Checks a citizen's answers against the schema. Returns a Japanese message per itemKey that needs
 * attention, or `{}` when everything may be sent. The client shows the messages beside the items;
 * the server runs the same function, so a rule lives in one place.
 *
 * Staff-only items (`isAdminItem`) are never required of citizens, but are checked when answered.
 * Answers for itemKeys not in the schema are ignored (they make no rows).
 *
 * @example
 * ```ts
 * validateAnswers(
 *   [{ itemKey: 'mail', type: 'text', title: 'メール', format: 'email', required: true }],
 *   { mail: '' },
 * );
 * // { mail: '必須項目です' }
 * ```
 */
export function validateAnswers(
  schema: readonly SurveySchemaItem[],
  answers: Answers,
  options: ValidateAnswersOptions = {},
): Record<string, string> {
  const problems: [string, string][] = [];
  for (const item of schema) {
    const message = checkItem(item, normalizedAnswer(item, answerFor(answers, item.itemKey)), options);
    if (message !== undefined) problems.push([item.itemKey, message]);
  }
  // fromEntries, not assignment: an item keyed "__proto__" still gets its message.
  return Object.fromEntries(problems);
}

function checkItem(
  item: SurveySchemaItem,
  answer: unknown,
  options: ValidateAnswersOptions,
): string | undefined {
  if (item.type === 'guide') return undefined;
  if (isBlank(answer)) {
    return item.required && !isStaffOnlyItem(item) ? messages.required : undefined;
  }
  if (typeof answer !== 'string' && !Array.isArray(answer)) return messages.invalidAnswer;
  switch (item.type) {
    case 'files':
      return Array.isArray(answer) && (answer as unknown[]).every(isFileRef)
        ? undefined
        : messages.invalidAnswer;
    case 'checkboxes': {
      const problem = checkChoices(answer, item.options);
      if (problem !== undefined) return problem;
      const count = new Set(strings(answer).filter((value) => value.trim() !== '')).size;
      if (item.minChoices !== undefined && count < item.minChoices) return messages.minChoices(item.minChoices);
      if (item.maxChoices !== undefined && count > item.maxChoices) return messages.maxChoices(item.maxChoices);
      return undefined;
    }
    case 'selectProducts':
      return checkChoices(
        answer,
        item.products.map((product) => product.productId),
      );
    case 'radio':
    case 'dropdown':
      if (typeof answer !== 'string') return messages.invalidAnswer;
      return item.options.includes(answer) ? undefined : messages.notAnOption;
    case 'date':
    case 'birthday':
      if (typeof answer !== 'string') return messages.invalidAnswer;
      if (!isCalendarDate(answer)) return messages.date;
      if (item.type === 'birthday' && answer > todayInJapan(options.now ?? Date.now())) {
        return messages.birthdayInFuture;
      }
      return undefined;
    case 'text':
    case 'textarea': {
      if (typeof answer !== 'string') return messages.invalidAnswer;
      const format = item.type === 'text' ? (item.format ?? 'plain') : 'plain';
      return checkFormat(answer, format) ?? checkLength(answer, item.minLength, item.maxLength);
    }
    case 'reservation':
      return typeof answer === 'string' && parseReservationValue(answer) !== undefined ? undefined : messages.reservationSlot;
  }
}

/** Nothing answered: missing, null, blank text, or a list of nothing but blank text. */
function isBlank(answer: unknown): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  return Array.isArray(answer) && (answer as unknown[]).every((value) => typeof value === 'string' && value.trim() === '');
}

function checkChoices(answer: string | unknown[], allowed: readonly string[]): string | undefined {
  const chosen: unknown[] = typeof answer === 'string' ? [answer] : answer;
  if (!chosen.every((value) => typeof value === 'string')) return messages.invalidAnswer;
  const filled = chosen.filter((value) => value.trim() !== '');
  return filled.every((value) => allowed.includes(value)) ? undefined : messages.notAnOption;
}

// The WHATWG e-mail rule (what <input type="email"> accepts), with a dot required in the domain.
// Dots may repeat in the local part: older Japanese mobile carriers issued such addresses.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// Japanese numbers: 0 then a non-zero digit, at most three hyphen-separated groups. Mobile, IP and
// 0800 numbers (020, 050, 070, 080, 090) have 11 digits; landlines, 0120 and 0570 numbers have 10.
const PHONE = /^0[1-9]\d*(?:-\d+){0,2}$/;
const ELEVEN_DIGIT_PREFIX = /^0[25789]0/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const POSTAL_CODE = /^\d{3}-?\d{4}$/;

function checkFormat(value: string, format: TextFormat): string | undefined {
  switch (format) {
    case 'email':
      return EMAIL.test(value) ? undefined : messages.email;
    case 'phone': {
      const digits = value.replaceAll('-', '');
      const expected = ELEVEN_DIGIT_PREFIX.test(digits) ? 11 : 10;
      return PHONE.test(value) && digits.length === expected ? undefined : messages.phone;
    }
    case 'number':
      return NUMBER.test(value) ? undefined : messages.number;
    case 'postalCode':
      return POSTAL_CODE.test(value) ? undefined : messages.postalCode;
    case 'plain':
    case 'address':
      return undefined;
  }
}

let graphemes: Intl.Segmenter | undefined;

/**
 * Text in which every code unit is a character of its own: ASCII, Latin-1 and spacing modifiers,
 * Japanese punctuation, kana and kanji, full-width forms. None of these joins a neighbour into one
 * character (the combining marks U+0300-036F, U+302A-302F, U+3099-309A and U+FF9E-FF9F, surrogate
 * pairs, CR, ZWJ and variation selectors are all outside it), so such text is counted by its length
 * without segmenting it: the common case of a Japanese form, checked on every submission.
 */
const ONE_UNIT_PER_CHARACTER = /^[\t\n\x20-\x7E\u00A0-\u02FF\u3000-\u3029\u3030-\u3098\u309B-\u30FF\u4E00-\u9FFF\uFF01-\uFF9D]*$/;

/**
 * Counts characters as a person does: a kanji, a kana with its dakuten, an emoji is one. The
 * length bounds of `validateAnswers` count this way; a character counter should too.
 *
 * @example
 * ```ts
 * countCharacters('山田🍣'); // 3
 * ```
 */
export function countCharacters(value: string): number {
  if (ONE_UNIT_PER_CHARACTER.test(value)) return value.length;
  graphemes ??= new Intl.Segmenter('ja', { granularity: 'grapheme' });
  const segments = graphemes.segment(value)[Symbol.iterator]();
  let count = 0;
  while (!segments.next().done) count++;
  return count;
}

function checkLength(value: string, min?: number, max?: number): string | undefined {
  // No character is shorter than one code unit: text no longer than `max` units is within bounds.
  if (min === undefined && (max === undefined || value.length <= max)) return undefined;
  const length = countCharacters(value);
  if (min !== undefined && length < min) return messages.minLength(min);
  if (max !== undefined && length > max) return messages.maxLength(max);
  return undefined;
}

