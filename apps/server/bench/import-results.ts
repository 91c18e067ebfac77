// The import case of `pnpm bench` (issue 26): a dry run of IMPORT_LINES lines (100,000) of the
// export survey, one in a hundred bad (a status that is none, an option the item lacks, a date
// that does not exist, a required name left out), sent by the bench's staff member to the export
// server (its database holds the million exported records: every line's key is looked up among
// them). Measured: the time to the report, and that it names every bad line, each with its reason.
// The anchor does only the unavoidable work of a dry run, in this process: decode and read the
// file, and check every line's answers against the survey.
import type { AnswerValue } from '@city/survey-core';
import { validateAnswers } from '@city/survey-core';
import { readImportFile } from '../src/modules/calendars/import/read-import-file.js';
import { csvLine } from '../src/modules/exports/csv.js';
import { encodeWindows31J } from '../src/modules/exports/windows-31j.js';
import { answersOf, EXPORT_SURVEY, STAFF } from './export-results.js';

export const IMPORT_LINES = 100_000;
/** One line in this many is bad. */
const BAD_EVERY = 100;

/** The header of this product's export of the survey (its last six columns as the export writes them). */
const HEADER = ['ユーザーID', 'パーティションキー', '受付番号', ...EXPORT_SURVEY.surveySchema.map((item) => item.title), '申込経路', '状態', '作成日', '更新日', '管理者メモ'];

/** Line n's cells: new records (no key), answers as an export writes them, one in a hundred spoilt. */
function cellsOf(n: number): string[] {
  const answers: Record<string, AnswerValue> = { ...answersOf(n + 5_000_000) };
  const cell = (itemKey: string) => {
    const answer = answers[itemKey];
    if (typeof answer === 'string') return answer;
    return Array.isArray(answer) ? answer.filter((option): option is string => typeof option === 'string').join('、') : '';
  };
  let status = '未対応';
  if (n % BAD_EVERY === 0) {
    const spoilt = (n / BAD_EVERY) % 4;
    if (spoilt === 0) status = '保留';
    else if (spoilt === 1) answers.sex = '不明';
    else if (spoilt === 2) answers.born = '1990/13/40';
    else answers.familyName = '';
  }
  return ['', '', '', ...EXPORT_SURVEY.surveySchema.map((item) => cell(item.itemKey)), 'WEB', status, '', '', ''];
}

/** The file: Windows-31J, as Excel saves it. */
export function importFile(): Buffer {
  const lines = [csvLine(HEADER)];
  for (let n = 1; n <= IMPORT_LINES; n++) lines.push(csvLine(cellsOf(n)));
  const bytes = encodeWindows31J(lines.join(''));
  if (bytes === undefined) throw new Error('the bench file has a character Windows-31J cannot hold');
  return bytes;
}

/** The bad lines' numbers in the file (the header is line 1). */
export const badLines = () => Array.from({ length: Math.floor(IMPORT_LINES / BAD_EVERY) }, (_, i) => (i + 1) * BAD_EVERY + 1);

/** Signs in and asks the server for a dry run of the file; answers the time and the report. */
export async function dryRunOnServer(origin: string, file: Buffer): Promise<{ ms: number; records: number; create: number; problems: { at: string; message: string }[] }> {
  const signIn = await fetch(`${origin}/console/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { data: session } = (await signIn.json()) as { data: { csrfToken: string } };
  const body = JSON.stringify({ fileName: 'results.csv', contentBase64: file.toString('base64'), dryRun: true });
  const started = performance.now();
  const response = await fetch(`${origin}/console/api/surveys/${EXPORT_SURVEY.surveyId}/records/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': session.csrfToken },
    body,
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { records: number; create: number; problems: { at: string; message: string }[] } };
  return { ms, ...data };
}

/** The unavoidable work of a dry run, timed: the file decoded and read, every line's answers checked. */
export function anchorDryRun(file: Buffer): { ms: number; bad: number } {
  const started = performance.now();
  const read = readImportFile(file);
  if (read.file?.kind !== 'surveyResults') throw new Error('the bench file was not read as results');
  const byTitle = new Map(EXPORT_SURVEY.surveySchema.map((item) => [item.title, item]));
  let bad = 0;
  for (const line of read.file.records) {
    const answers: Record<string, AnswerValue> = {};
    for (const [title, value] of Object.entries(line.answers)) {
      const item = byTitle.get(title);
      if (item !== undefined) answers[item.itemKey] = item.type === 'checkboxes' ? (value === '' ? [] : value.split('、')) : value;
    }
    const date = typeof answers.born === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answers.born);
    if (Object.keys(validateAnswers(EXPORT_SURVEY.surveySchema, answers)).length > 0 || !date || line.status === '保留') bad += 1;
  }
  return { ms: performance.now() - started, bad };
}
