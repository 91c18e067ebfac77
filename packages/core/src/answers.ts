import type { AnswerValue, Answers, FileRef, SurveyResultRow, SurveySchemaItem, TextFormat } from './types.js';

/**
 * The answer for one item, read only from the object's own keys (an itemKey may be "toString").
 * Typed `unknown`: on the server, answers come from JSON that nobody has checked yet.
 */
export function answerFor(answers: Answers, itemKey: string): unknown {
  return Object.hasOwn(answers, itemKey) ? answers[itemKey] : undefined;
}

// Hyphen look-alikes that Japanese keyboards and IMEs produce: ‐ ‑ ‒ – — ― − ー ｰ.
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF70]/g;

/**
 * Text in the form its format expects, from the way people type it on a phone: full-width digits
 * and letters become half-width (NFKC), dash look-alikes become `-`, spaces at the ends go. Phone
 * numbers also lose brackets and inner spaces (`03(1234)5678` -> `03-1234-5678`); postal codes
 * lose a leading 〒; numbers lose thousands separators.
 */
export function normalizeText(value: string, format: TextFormat): string {
  if (format === 'plain' || format === 'address') return value;
  const text = value.normalize('NFKC').replace(DASHES, '-').trim();
  switch (format) {
    case 'phone':
      return text
        .replace(/[()\s]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, '');
    case 'postalCode':
      return text.replace(/^〒\s*/, '').replace(/\s+/g, '');
    case 'number':
      return text.replace(/,/g, '');
    case 'email':
      return text;
  }
}

/** An item's answer with its text normalized for the item's format (see {@link normalizeText}). */
export function normalizedAnswer(item: SurveySchemaItem, answer: unknown): unknown {
  return item.type === 'text' && typeof answer === 'string'
    ? normalizeText(answer, item.format ?? 'plain')
    : answer;
}

/**
 * The citizen's answers with text normalized for each item's format, as `buildSurveyResultRows`
 * stores them and `validateAnswers` checks them. Useful to show the citizen what will be sent.
 *
 * @example
 * ```ts
 * normalizeAnswers([{ itemKey: 'tel', type: 'text', title: '電話番号', format: 'phone' }], { tel: '０９０ー１２３４ー５６７８' });
 * // { tel: '090-1234-5678' }
 * ```
 */
export function normalizeAnswers(schema: readonly SurveySchemaItem[], answers: Answers): Record<string, AnswerValue> {
  const entries = Object.entries(answers).map(([itemKey, answer]): [string, AnswerValue] => {
    const item = schema.find((candidate) => candidate.itemKey === itemKey);
    return [itemKey, item === undefined ? answer : (normalizedAnswer(item, answer) as AnswerValue)];
  });
  return Object.fromEntries(entries);
}

/** The strings of an answer: itself, or those in its list. */
export function strings(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  if (!Array.isArray(answer)) return [];
  return (answer as unknown[]).filter((value) => typeof value === 'string');
}

/** The distinct, non-blank text values of an answer, in the order given. Files are not text. */
export function textValues(answer: unknown): string[] {
  return [...new Set(strings(answer).filter((value) => value.trim() !== ''))];
}

export function isFileRef(candidate: unknown): candidate is FileRef {
  if (typeof candidate !== 'object' || candidate === null) return false;
  const { name, url } = candidate as Record<string, unknown>;
  return typeof name === 'string' && typeof url === 'string';
}

/**
 * The uploaded files of an answer, with the fields a {@link FileRef} has and no others (a browser
 * File carries more, such as lastModified); anything that is not a file reference is left out.
 */
export function fileValues(answer: unknown): FileRef[] {
  if (!Array.isArray(answer)) return [];
  return (answer as unknown[]).filter(isFileRef).map(({ name, url, contentType, size }) => ({
    name,
    url,
    ...(typeof contentType === 'string' ? { contentType } : {}),
    ...(typeof size === 'number' ? { size } : {}),
  }));
}

/**
 * The answers a record's rows hold, item by item, in the form `buildSurveyResultRows` takes: the
 * inverse of building rows, for editing a stored record. Checkbox items give the chosen options,
 * `files` items their files, other items their value; unanswered items and rows of items not in
 * the schema are left out. (`selectProducts` answers make no rows, so none come back.)
 *
 * @example
 * ```ts
 * const answers = answersFromRows(config.surveySchema, record.rows);
 * // { name: '山田太郎', services: ['図書館', '体育館'] }
 * ```
 */
export function answersFromRows(schema: readonly SurveySchemaItem[], rows: readonly SurveyResultRow[]): Record<string, AnswerValue> {
  // Rows by item, in one pass over the rows (not one pass per item).
  const answeredRows = new Map<string, SurveyResultRow[]>();
  for (const row of rows) {
    if (row.value === '') continue;
    const itemRows = answeredRows.get(row.itemKey);
    if (itemRows === undefined) answeredRows.set(row.itemKey, [row]);
    else itemRows.push(row);
  }
  const entries: [string, AnswerValue][] = [];
  for (const item of schema) {
    const answered = answeredRows.get(item.itemKey);
    if (answered === undefined) continue;
    if (item.type === 'files') entries.push([item.itemKey, answered[0]?.files ?? []]);
    else if (item.type === 'checkboxes' || answered.length > 1) entries.push([item.itemKey, answered.map((row) => row.value)]);
    else entries.push([item.itemKey, answered[0]?.value ?? '']);
  }
  return Object.fromEntries(entries);
}
