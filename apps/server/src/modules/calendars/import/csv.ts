import { importMessages } from '../../../messages.js';
import type { ImportProblem } from './problems.js';

/** One field of a CSV file and where it starts (1-based line and column). */
export interface CsvCell {
  value: string;
  line: number;
  column: number;
}

/** One record (line) of a CSV file. */
export interface CsvRecord {
  line: number;
  cells: CsvCell[];
}

/**
 * Reads CSV text strictly (RFC 4180): fields separated by commas, optionally in double quotes
 * (`""` inside for a quote; quoted fields may hold commas and line breaks), records ended by CRLF
 * or LF, the last one with or without. Empty lines are skipped. A stray quote or an unclosed
 * quoted field is a problem at its line and column, never guessed around.
 */
export function readCsv(text: string): { records: CsvRecord[]; problems: ImportProblem[] } {
  const records: CsvRecord[] = [];
  const problems: ImportProblem[] = [];
  let line = 1;
  let index = 0;
  let record: CsvRecord = { line, cells: [] };

  const endRecord = () => {
    // A line with nothing on it is no record.
    const blank = record.cells.length === 1 && record.cells[0]?.value === '' && record.cells[0].column === 1;
    if (!blank) records.push(record);
  };
  const newLine = () => {
    line += 1;
  };

  while (index <= text.length) {
    const cellLine = line;
    const column = record.cells.length + 1;
    let value = '';
    if (text[index] === '"') {
      // Quoted field: up to the closing quote, which must be followed by a comma or a line end.
      index += 1;
      let closed = false;
      while (index < text.length) {
        const char = text.charAt(index);
        if (char === '"') {
          if (text[index + 1] === '"') {
            value += '"';
            index += 2;
            continue;
          }
          index += 1;
          closed = true;
          break;
        }
        if (char === '\r' && text[index + 1] === '\n') {
          value += '\r\n';
          index += 2;
          newLine();
          continue;
        }
        if (char === '\n' || char === '\r') newLine();
        value += char;
        index += 1;
      }
      if (!closed) {
        problems.push({ line: cellLine, column, message: importMessages.unclosedQuote });
        return { records, problems };
      }
      const next = text[index];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        problems.push({ line, column, message: importMessages.textAfterQuote });
        // Skip to the end of the field so later fields keep their columns.
        while (index < text.length && text[index] !== ',' && text[index] !== '\n' && text[index] !== '\r') index += 1;
      }
    } else {
      while (index < text.length && text[index] !== ',' && text[index] !== '\n' && text[index] !== '\r') {
        if (text[index] === '"' && !value.includes('"')) problems.push({ line, column, message: importMessages.quoteInField });
        value += text.charAt(index);
        index += 1;
      }
    }
    record.cells.push({ value, line: cellLine, column });

    const separator = text[index];
    if (separator === ',') {
      index += 1;
      continue;
    }
    // End of a record: a line break, or the end of the text.
    endRecord();
    if (separator === undefined) break;
    index += separator === '\r' && text[index + 1] === '\n' ? 2 : 1;
    newLine();
    if (index === text.length) break; // the last record ended with a line break
    record = { line, cells: [] };
  }
  return { records, problems };
}
