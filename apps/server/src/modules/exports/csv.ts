// CSV as Excel opens it: fields quoted only when they must be, lines ended by CRLF, and no cell
// Excel would run as a formula (OWASP's CSV injection guidance; Symfony's CVE-2021-41270).

/** What makes Excel read a cell as a formula (or a command, after a tab or carriage return): = + - @ tab CR. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r'].map((start) => start.charCodeAt(0)));

/** The UTF-8 byte order mark: with it Excel reads a CSV as UTF-8 instead of the system's code page. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const APOSTROPHE = "'".charCodeAt(0);
/** Apostrophes, then what Excel runs: such a cell gets one more apostrophe, so that reading one off gives the answer back. */
const APOSTROPHES_THEN_FORMULA = /^'*[=+\-@\t\r]/;

/**
 * `value` as text Excel shows as it is: one beginning like a formula gets a leading `'`, and so
 * does one whose apostrophes are followed by one (so that {@link unneutralisedCell} gives every
 * answer back exactly).
 */
export function neutralisedCell(value: string): string {
  const first = value.charCodeAt(0);
  if (FORMULA_STARTS.has(first) || (first === APOSTROPHE && APOSTROPHES_THEN_FORMULA.test(value))) return `'${value}`;
  return value;
}

/** The answer a cell of this product's export holds: the `'` {@link neutralisedCell} added, read off. */
export function unneutralisedCell(cell: string): string {
  return cell.charCodeAt(0) === APOSTROPHE && APOSTROPHES_THEN_FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field of a line: neutralised, and quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  if (value === '') return value;
  const text = neutralisedCell(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, CRLF-ended. */
export function csvLine(values: readonly string[]): string {
  let line = '';
  for (let index = 0; index < values.length; index++) line += index === 0 ? csvField(values[index] ?? '') : `,${csvField(values[index] ?? '')}`;
  return `${line}\r\n`;
}
