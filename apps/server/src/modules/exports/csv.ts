// CSV as Excel opens it: fields quoted only when they must be, lines ended by CRLF, and no cell
// Excel would run as a formula (OWASP's CSV injection guidance; Symfony's CVE-2021-41270).

/** What makes Excel read a cell as a formula (or a command, after a tab or carriage return): = + - @ tab CR. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r'].map((start) => start.charCodeAt(0)));

/** The UTF-8 byte order mark: with it Excel reads a CSV as UTF-8 instead of the system's code page. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `value` as text Excel shows as it is: one beginning like a formula gets a leading `'`. */
export function neutralisedCell(value: string): string {
  return FORMULA_STARTS.has(value.charCodeAt(0)) ? `'${value}` : value;
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
