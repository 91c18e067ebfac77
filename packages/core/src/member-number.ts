import { memberNumberMessages } from './messages.js';

/**
 * How a membership writes its member numbers: a prefix the municipality chooses (0–4 capital
 * letters, e.g. `LIB`), the sequence number padded to `digits` digits (4–10), and one check digit
 * (Luhn, over the digits) so that a number typed at a counter can be verified before it is looked up.
 */
export interface MemberNumberFormat {
  prefix: string;
  digits: number;
}

/** What {@link readMemberNumber} answers: the number as issued and its sequence, or why not (Japanese). */
export type ReadMemberNumberResult = { ok: true; memberNumber: string; sequence: number } | { ok: false; problem: string };

const PREFIX = /^[A-Z]{0,4}$/;

/** Throws on a format no membership may have: a broken configuration, not a citizen's mistake. */
function assertFormat(format: MemberNumberFormat): void {
  if (!PREFIX.test(format.prefix)) throw new RangeError(`A member number prefix is 0-4 capital letters A-Z (got "${format.prefix}")`);
  if (!Number.isInteger(format.digits) || format.digits < 4 || format.digits > 10) {
    throw new RangeError(`A member number has 4-10 digits before its check digit (got ${String(format.digits)})`);
  }
}

/**
 * The Luhn check digit of a string of digits: the one that, appended, makes the Luhn sum a
 * multiple of 10. It catches every single wrong digit and every swap of two neighbouring digits
 * but 09/90, the mistakes made typing a number at a counter.
 */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`luhnCheckDigit takes digits only (got "${digits}")`);
  let sum = 0;
  // From the right, every other digit (starting with the rightmost, since the check digit will
  // follow it) is doubled, and 9 taken from a double over 9.
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The member number of the `sequence`-th member (1, 2, …): prefix, the padded sequence, check digit.
 *
 * @example
 * formatMemberNumber({ prefix: 'LIB', digits: 6 }, 42); // 'LIB0000422'
 */
export function formatMemberNumber(format: MemberNumberFormat, sequence: number): string {
  assertFormat(format);
  if (!Number.isSafeInteger(sequence) || sequence < 1 || String(sequence).length > format.digits) {
    throw new RangeError(`Sequence ${String(sequence)} does not fit ${String(format.digits)} digits`);
  }
  const body = String(sequence).padStart(format.digits, '0');
  return `${format.prefix}${body}${String(luhnCheckDigit(body))}`;
}

/**
 * Reads a member number as a citizen or a counter typed it: full-width characters, lower-case
 * letters, spaces and hyphens (and any dash, the long-vowel mark or the minus sign an IME may put
 * for one) are accepted (`ｌｉｂ-000042 2` reads as `LIB0000422`). Answers the number as issued and
 * its sequence, or why it cannot be one: a wrong prefix or shape, too many or too few digits (said
 * with how many are expected and how many were typed), or a check digit that does not match (a
 * typing mistake).
 */
export function readMemberNumber(format: MemberNumberFormat, typed: string): ReadMemberNumberResult {
  assertFormat(format);
  const text = typed
    .normalize('NFKC')
    .replace(/[\s\p{Pd}ー−]/gu, '')
    .toUpperCase();
  const expected = memberNumberMessages.example(formatMemberNumber(format, 1));
  if (!text.startsWith(format.prefix)) return { ok: false, problem: memberNumberMessages.shape(expected) };
  const numeric = text.slice(format.prefix.length);
  if (/^\d+$/.test(numeric) && numeric.length !== format.digits + 1) {
    return { ok: false, problem: memberNumberMessages.digitCount(format.prefix, format.digits + 1, numeric.length, expected) };
  }
  if (!new RegExp(`^\\d{${String(format.digits + 1)}}$`).test(numeric)) return { ok: false, problem: memberNumberMessages.shape(expected) };
  const body = numeric.slice(0, -1);
  if (luhnCheckDigit(body) !== Number(numeric.slice(-1))) return { ok: false, problem: memberNumberMessages.checkDigit };
  const sequence = Number(body);
  if (sequence < 1) return { ok: false, problem: memberNumberMessages.shape(expected) };
  return { ok: true, memberNumber: `${format.prefix}${numeric}`, sequence };
}
