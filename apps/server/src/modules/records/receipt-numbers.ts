import { randomInt } from 'node:crypto';
import type { RecordRepository } from './record-repository.js';

// No 0/O, 1/I/L: a receipt number is read aloud over the phone and typed by hand.
const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A 受付番号 like `K7Q-4M2X`: short, unambiguous, unique among records. */
export async function newReceiptNumber(records: RecordRepository): Promise<string> {
  for (;;) {
    const chars = Array.from({ length: 7 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
    const candidate = `${chars.slice(0, 3)}-${chars.slice(3)}`;
    if (!(await records.isReceiptNumberTaken(candidate))) return candidate;
  }
}
