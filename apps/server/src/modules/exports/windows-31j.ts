// Windows-31J (Microsoft's Shift_JIS, what Excel reads a Japanese CSV as) written without a
// library: the table is built once from Node's own Shift_JIS decoder (the WHATWG Encoding
// Standard's, which is Windows-31J's repertoire), so that a character it cannot hold is known
// exactly and reported, never written as '?' as iconv-style encoders do.

/** Where a character Windows-31J cannot hold is in a text, and which it is. */
export interface UnencodableCharacter {
  /** Index of its first UTF-16 unit in the text. */
  index: number;
  /** The character (a surrogate pair for one beyond the BMP, such as 𠮷). */
  character: string;
}

/**
 * Characters of JIS X 0208 that Unicode's JIS mapping and Windows' table give different code
 * points: a phone types the first (〜 U+301C after a Mac or an iPhone's input), Windows reads the
 * byte back as the second (～ U+FF5E). Both are the same JIS character, so each is written to its
 * one JIS code, as Windows itself writes the minus sign; nothing else is ever substituted.
 */
const JIS_FORMS: readonly (readonly [typed: string, decoded: string])[] = [
  ['\u301c', '\uff5e'], // WAVE DASH → FULLWIDTH TILDE (0x8160)
  ['\u2016', '\u2225'], // DOUBLE VERTICAL LINE → PARALLEL TO (0x8161)
  ['\u2212', '\uff0d'], // MINUS SIGN → FULLWIDTH HYPHEN-MINUS (0x817C)
  ['\u00a2', '\uffe0'], // CENT SIGN → FULLWIDTH CENT SIGN (0x8191)
  ['\u00a3', '\uffe1'], // POUND SIGN → FULLWIDTH POUND SIGN (0x8192)
  ['\u00ac', '\uffe2'], // NOT SIGN → FULLWIDTH NOT SIGN (0x81CA)
  ['\u2014', '\u2015'], // EM DASH → HORIZONTAL BAR (0x815C)
];

/**
 * Two bytes (lead << 8 | trail) of each BMP code point that takes two, 0 for none. Built as the
 * WHATWG encoder does: the first pointer that decodes to a code point wins, except pointers 8272
 * to 8835 (IBM extensions duplicated within NEC's selection), which the encoder never chooses.
 */
let twoByteCodes: Uint16Array | undefined;

function table(): Uint16Array {
  if (twoByteCodes !== undefined) return twoByteCodes;
  const codes = new Uint16Array(0x10000);
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  for (let pointer = 0; pointer < 11280; pointer++) {
    if (pointer >= 8272 && pointer <= 8835) continue;
    const leadOffset = Math.floor(pointer / 188);
    const lead = leadOffset + (leadOffset < 0x1f ? 0x81 : 0xc1);
    const trailOffset = pointer % 188;
    const trail = trailOffset + (trailOffset < 0x3f ? 0x40 : 0x41);
    let text: string;
    try {
      text = decoder.decode(new Uint8Array([lead, trail]));
    } catch {
      continue; // an unassigned pointer
    }
    const codePoint = text.codePointAt(0);
    if (text.length !== 1 || codePoint === undefined || codes[codePoint] !== 0) continue;
    // The user-defined area (lead bytes F0–F9) decodes to the Private Use Area: never written, a
    // citizen's text has no business there and no other computer would show the same character.
    if (lead >= 0xf0 && lead <= 0xf9) continue;
    codes[codePoint] = (lead << 8) | trail;
  }
  for (const [character, decoded] of JIS_FORMS) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codes[codePoint] === 0) codes[codePoint] = codes[decoded.codePointAt(0) ?? 0] ?? 0;
  }
  twoByteCodes = codes;
  return codes;
}

/** The one byte of a code point that takes one (ASCII, halfwidth katakana), or -1. */
function singleByte(codePoint: number): number {
  if (codePoint < 0x80) return codePoint;
  // As the WHATWG encoder writes them: the yen sign and the overline on their JIS X 0201 bytes.
  if (codePoint === 0xa5) return 0x5c;
  if (codePoint === 0x203e) return 0x7e;
  if (codePoint >= 0xff61 && codePoint <= 0xff9f) return codePoint - 0xff61 + 0xa1;
  return -1;
}

/**
 * The characters of `text` that Windows-31J cannot hold, in order (empty when it can hold it all).
 */
export function unencodableCharacters(text: string): UnencodableCharacter[] {
  const codes = table();
  const found: UnencodableCharacter[] = [];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) continue;
    const codePoint = text.codePointAt(index) ?? unit;
    const width = codePoint > 0xffff ? 2 : 1;
    if (width === 2 || (singleByte(codePoint) < 0 && codes[codePoint] === 0)) {
      found.push({ index, character: text.slice(index, index + width) });
    }
    index += width - 1;
  }
  return found;
}

/**
 * Writes `text` as Windows-31J into `target` from `offset` and answers the offset after it, or -1
 * when a character cannot be held (nothing is then promised of the bytes written). `target` must
 * have room for two bytes per UTF-16 unit of `text`.
 */
export function writeWindows31J(text: string, target: Uint8Array, offset: number): number {
  const codes = table();
  let at = offset;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) {
      target[at++] = unit;
      continue;
    }
    const single = singleByte(unit);
    if (single >= 0) {
      target[at++] = single;
      continue;
    }
    const code = unit >= 0xd800 && unit <= 0xdfff ? 0 : (codes[unit] ?? 0);
    if (code === 0) return -1;
    target[at++] = code >> 8;
    target[at++] = code & 0xff;
  }
  return at;
}

/** `text` as Windows-31J, or undefined when a character cannot be held (see {@link unencodableCharacters}). */
export function encodeWindows31J(text: string): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(text.length * 2);
  const end = writeWindows31J(text, bytes, 0);
  return end < 0 ? undefined : bytes.subarray(0, end);
}
