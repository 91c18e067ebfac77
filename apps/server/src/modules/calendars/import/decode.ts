import { importMessages } from '../../../messages.js';
import type { ImportProblem } from './problems.js';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of a CSV file: Shift_JIS (what the earlier platform and Excel write), or UTF-8 with a
 * BOM (Excel's "CSV UTF-8"). Bytes that are neither are refused with their line, never read as
 * mojibake. A file without a BOM that is valid UTF-8 is read as UTF-8: plain ASCII is the same in
 * both, and Japanese Shift_JIS text is practically never valid UTF-8 (its lead bytes 0x81-0x9F are
 * UTF-8 continuation bytes), whereas UTF-8 Japanese often decodes as Shift_JIS without error.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | { problem: ImportProblem } {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
    } catch {
      return { problem: unreadableAt(new TextDecoder('utf-8').decode(bytes)) };
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not UTF-8: the usual case, Shift_JIS.
  }
  try {
    return { text: new TextDecoder('shift_jis', { fatal: true }).decode(bytes) };
  } catch {
    return { problem: unreadableAt(new TextDecoder('shift_jis').decode(bytes)) };
  }
}

/** Where the first byte the decoder could not read is (it became U+FFFD in a lenient decoding). */
function unreadableAt(lenient: string): ImportProblem {
  const before = lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD')));
  const lines = before.split(/\r\n|\n|\r/);
  const line = lines.length;
  const character = (lines.at(-1)?.length ?? 0) + 1;
  return { line, message: importMessages.notReadable(character) };
}
