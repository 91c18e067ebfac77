// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration of an untyped module must reach every program that compiles this file (the declaration build, apps compiling the source)
/// <reference path="./jsbarcode-code128.d.ts" />
// The two codes of a member card, as geometry the card draws itself as SVG: the QR matrix from
// `qrcode` and the Code 128 bars from `jsbarcode`. Drawing them as React SVG (not as a string put
// into the page, nor on a canvas) keeps them crisp at any size and readable in a test.
// Only jsbarcode's Code 128 encoder is imported, not its main entry: that one brings every
// barcode format and renderer, 13.6 KiB gzip where the encoder is 2.9 KiB. The decode test
// (member-card.decode.test.tsx) guards this deep path when jsbarcode is upgraded.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import QRCode from 'qrcode';

/** A QR code: `size` × `size` modules, `dark[row][column]`. */
export interface QrMatrix {
  size: number;
  dark: boolean[][];
}

/**
 * The QR matrix of a text, error correction M (15 %: a scratched phone screen or a glare spot
 * still reads, while a member number stays in version 1, 21 × 21, with large modules).
 */
export function qrMatrix(text: string): QrMatrix | undefined {
  try {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const dark = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => modules.get(row, column) !== 0));
    return { size: modules.size, dark };
  } catch {
    return undefined;
  }
}

/**
 * The Code 128 modules of a text, one character per module ('1' a bar, '0' a space), start and
 * stop and the check symbol included; jsbarcode picks the shortest mix of code sets (digits go in
 * pairs in set C). Undefined when Code 128 cannot carry the text (it is ASCII only).
 */
export function code128Modules(text: string): string | undefined {
  if (text === '') return undefined;
  const encoder = new CODE128(text, {});
  return encoder.valid() ? encoder.encode().data : undefined;
}

/** Horizontal runs of dark modules in each row, so a QR code is a few dozen path segments, not hundreds of squares. */
export function darkRuns(row: readonly boolean[]): { start: number; length: number }[] {
  const runs: { start: number; length: number }[] = [];
  let start = -1;
  for (let column = 0; column <= row.length; column += 1) {
    const dark = row[column] === true;
    if (dark && start < 0) start = column;
    if (!dark && start >= 0) {
      runs.push({ start, length: column - start });
      start = -1;
    }
  }
  return runs;
}

/** `LIB00000182` as `['LIB', '0000', '0182']`: letters apart, digits in fours, for the eye only. */
export function groupMemberNumber(memberNumber: string): string[] {
  const match = /^(\D*)(\d+)$/.exec(memberNumber);
  if (match === null) return [memberNumber];
  const [, prefix = '', digits = ''] = match;
  const groups: string[] = [];
  for (let index = 0; index < digits.length; index += 4) groups.push(digits.slice(index, index + 4));
  return prefix === '' ? groups : [prefix, ...groups];
}
