// The columns of an exported results CSV and a record's cells in them. Stable across survey
// versions: one column per item of every version the survey has had (current items first, then
// those an edit removed), so a file exported after an edit has every column of one exported
// before it, and a record answered on an older version fills the columns it has.
import type { SurveySchemaItem } from '@city/survey-core';
import { messages } from '../../messages.js';
import type { RecordInfo } from '../records/record-repository.js';

/** What a record shows in an export, read beforehand (the list's answer texts, its order, its memos). */
export interface ExportedRecord {
  info: RecordInfo;
  /** The record's status (状態). */
  status: string;
  /** Each item's answer as the console lists it (answer-text.ts), by item key. */
  answers: Readonly<Record<string, string>>;
  memberNumber: string | null;
  /** The order its payment is shown by, if it has one. */
  order: { total: number; status: string } | undefined;
  /** Staff's memos, oldest first. */
  memos: readonly string[];
}

export interface ExportColumn {
  header: string;
  cell: (record: ExportedRecord) => string;
}

const JAPAN_OFFSET_MS = 9 * 3_600_000;
const MS_PER_DAY = 86_400_000;
const twoDigits = (value: number) => (value < 10 ? `0${String(value)}` : String(value));
/** The day part of the last date written, and its text: records of one export share few days. */
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * `2026-11-26 21:05:09`, in Japan's time (UTC+9, no daylight saving). Written twice per record of
 * an export: the date is formatted once per day met, the time from the milliseconds into the day.
 */
export function japanDateTime(epochMs: number): string {
  const local = epochMs + JAPAN_OFFSET_MS;
  const day = Math.floor(local / MS_PER_DAY);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
  }
  const seconds = Math.floor((local - day * MS_PER_DAY) / 1000);
  return `${lastDayText} ${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
}

/**
 * The columns, in order: who and which record, every answerable item of `items` (every version's,
 * those the exporting staff member may see; items without an answer of their own, 案内, left
 * out), then member number and payment when the survey has them, origin, and the earlier
 * platform's last four: status, dates and memos.
 * Headers are the items' titles; two items of one title are told apart by their keys.
 */
export function resultColumns(items: readonly SurveySchemaItem[], survey: { memberNumbers: boolean; payments: boolean }): ExportColumn[] {
  const h = messages.exportHeaders;
  const answerable = items.filter((item) => item.type !== 'guide');
  const titles = new Map<string, number>();
  for (const item of answerable) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
  return [
    { header: h.userId, cell: (record) => record.info.userId },
    { header: h.partitionKey, cell: (record) => record.info.partitionKey },
    { header: h.receiptNumber, cell: (record) => record.info.receiptNumber },
    ...answerable.map((item) => ({
      header: (titles.get(item.title) ?? 0) > 1 || item.title.trim() === '' ? `${item.title}（${item.itemKey}）` : item.title,
      cell: (record: ExportedRecord) => record.answers[item.itemKey] ?? '',
    })),
    ...(survey.memberNumbers ? [{ header: h.memberNumber, cell: (record: ExportedRecord) => record.memberNumber ?? '' }] : []),
    ...(survey.payments ? [{ header: h.payment, cell: (record: ExportedRecord) => (record.order === undefined ? '' : messages.paymentCell(record.order.total, record.order.status)) }] : []),
    { header: h.origin, cell: (record) => messages.recordOrigin[record.info.origin] },
    // The earlier platform's last four columns, in its order: its files and ours read alike.
    { header: h.status, cell: (record) => record.status },
    { header: h.createdAt, cell: (record) => japanDateTime(record.info.createdAt) },
    { header: h.updatedAt, cell: (record) => japanDateTime(record.info.updatedAt) },
    { header: h.memos, cell: (record) => record.memos.join('\n') },
  ];
}
