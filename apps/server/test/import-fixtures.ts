// The earlier platform's sample files (a copy in fixtures/lsc) and a way to break them, for the import tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures/lsc');

export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

/** The sample files are ASCII but for their Japanese cells: edit them as latin1 to keep those bytes. */
export function editBytes(bytes: Buffer, edit: (text: string) => string): Buffer {
  return Buffer.from(edit(bytes.toString('latin1')), 'latin1');
}

/** A UTF-8 file with a BOM, as Excel's "CSV UTF-8" saves it. */
export const utf8WithBom = (text: string): Buffer => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
