// Importing into a real SQLite file: one transaction per file, nothing written for a refused file,
// nothing changed by importing the same file again, and never a capacity below what is booked, a
// booked slot moved or removed, or a booked date closed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import type { ImportOptions } from '../src/modules/calendars/import/import-calendar-file.js';
import { importCalendarFile } from '../src/modules/calendars/import/import-calendar-file.js';
import { formatProblem, ImportRefusedError } from '../src/modules/calendars/import/problems.js';
import { readImportFile } from '../src/modules/calendars/import/read-import-file.js';
import { createSqliteCalendarImportRepository } from '../src/modules/calendars/import/sqlite-calendar-import-repository.js';
import { editBytes, fixture, utf8WithBom } from './import-fixtures.js';

let dir: string;
let db: SqliteDatabase;
let connections: SqliteConnections;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-import-'));
  db = openDatabase(path.join(dir, 'city.sqlite'));
  connections = connectSqlite(db);
});

afterEach(() => {
  connections.reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function importBytes(bytes: Uint8Array, options: ImportOptions = {}) {
  const read = readImportFile(bytes);
  if (read.problems !== undefined) throw new Error(read.problems.map(formatProblem).join('\n'));
  const store = sqliteStore(connections, (connection) => ({ calendarImport: createSqliteCalendarImportRepository(connection) }));
  return importCalendarFile(store, read.file, options);
}

/** The refusal's problems as staff read them. */
async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ImportRefusedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.problems.map(formatProblem);
}

/** Everything the import can write, to compare before and after. */
function snapshot() {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    categories: all('SELECT * FROM calendar_categories ORDER BY category_id'),
    calendars: all('SELECT * FROM calendars ORDER BY calendar_id'),
    slots: all('SELECT * FROM calendar_slots ORDER BY calendar_id, date, slot_id'),
    closedDays: all('SELECT * FROM calendar_closed_days ORDER BY calendar_id, date'),
  };
}

const paths = () =>
  db
    .prepare<[], { category_id: string; path: string }>(
      "SELECT category_id, tag1 || '/' || tag2 || '/' || tag3 AS path FROM calendar_categories ORDER BY position",
    )
    .all();

/** Imports the sample tree and the vaccine slots into a calendar under 1回目 > A会場. */
async function importSamples() {
  await importBytes(fixture('vaccine-sample-bunrui.csv'));
  const venueA = paths().find((row) => row.path === 'コロナワクチン接種/1回目/A会場')!.category_id;
  await importBytes(fixture('vaccine-sample-calendar.csv'), { calendarId: 'cal-vaccine-a', categoryId: venueA });
  return venueA;
}

/** A record holding `units` of a slot, as a booking would (the claim needs its record). */
function claim(partitionKey: string, date: string, slotId: string, units: number) {
  db.prepare("INSERT OR IGNORE INTO survey_configs (survey_id, config_json, updated_at) VALUES ('vaccine', '{}', 0)").run();
  db.prepare("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, 'vaccine', 'U1', ?, 0, 0)").run(
    partitionKey,
    `R-${partitionKey}`,
  );
  db.prepare("INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at) VALUES (?, 'slot', 'cal-vaccine-a', ?, ?, 'U1', ?, 0)").run(partitionKey, date, slotId, units);
  db.prepare("UPDATE calendar_slots SET claimed_units = claimed_units + ? WHERE calendar_id = 'cal-vaccine-a' AND date = ? AND slot_id = ?").run(units, date, slotId);
}

describe('the category tree', () => {
  it('imports every venue with its upper levels, each with an id derived from its path; the same file again changes nothing', async () => {
    const report = await importBytes(fixture('vaccine-sample-bunrui.csv'));
    expect(report).toMatchObject({ kind: 'categories', changed: true });
    expect(paths().map((row) => row.path)).toEqual([
      'コロナワクチン接種//',
      'コロナワクチン接種/1回目/',
      'コロナワクチン接種/1回目/A会場',
      'コロナワクチン接種/1回目/B会場',
      'コロナワクチン接種/1回目/C会場',
      'コロナワクチン接種/2回目/',
      'コロナワクチン接種/2回目/A会場',
      'コロナワクチン接種/2回目/B会場',
      'コロナワクチン接種/2回目/C会場',
    ]);
    expect(new Set(paths().map((row) => row.category_id)).size).toBe(9);
    for (const row of paths()) expect(row.category_id).toMatch(/^c-[0-9a-f]{12}$/);

    const before = snapshot();
    const again = await importBytes(fixture('vaccine-sample-bunrui.csv'));
    expect(again).toMatchObject({ kind: 'categories', changed: false });
    if (again.kind === 'categories') expect(new Set(again.categories.map((category) => category.outcome))).toEqual(new Set(['unchanged']));
    expect(snapshot()).toEqual(before);
  });

  it('gives the same ids to the same paths in another database', async () => {
    await importBytes(fixture('vaccine-sample-bunrui.csv'));
    const first = paths();
    const otherDb = openDatabase(':memory:');
    const store = sqliteStore(connectSqlite(otherDb), (connection) => ({ calendarImport: createSqliteCalendarImportRepository(connection) }));
    const read = readImportFile(fixture('vaccine-sample-bunrui.csv'));
    await importCalendarFile(store, read.file!);
    expect(otherDb.prepare('SELECT category_id, tag1 || \'/\' || tag2 || \'/\' || tag3 AS path FROM calendar_categories ORDER BY position').all()).toEqual(first);
    otherDb.close();
  });

  it('an id given for another path renames that category (its id, and so its calendar, stays); a path held by another id is refused', async () => {
    await importBytes(fixture('vaccine-sample-bunrui.csv'));
    const venueA = paths()[2]!.category_id;
    const renamed = await importBytes(utf8WithBom(`カテゴリID,大分類,中分類,小分類,カレンダー有無\r\nnew-1,健康診断,,,\r\n${venueA},コロナワクチン接種,1回目,A会場（市民会館）,\r\n`));
    expect(renamed).toMatchObject({ changed: true });
    expect(paths().find((row) => row.category_id === venueA)?.path).toBe('コロナワクチン接種/1回目/A会場（市民会館）');
    expect(paths().find((row) => row.category_id === 'new-1')?.path).toBe('健康診断//');

    const before = snapshot();
    const clash = utf8WithBom('カテゴリID,大分類,中分類,小分類,カレンダー有無\r\nother,健康診断,,,\r\n,コロナワクチン接種,3回目,A会場,\r\n');
    expect(await refusal(importBytes(clash))).toEqual(['2行目 1列目: 分類「健康診断」は、すでに別のカテゴリID「new-1」で登録されています']);
    // The valid line of the refused file was not written either.
    expect(snapshot()).toEqual(before);
  });
});

describe('slots', () => {
  it('go into a new calendar with the default rules, closed days included; the same file again changes nothing', async () => {
    const venueA = await importSamples();
    expect(db.prepare('SELECT * FROM calendars').all()).toEqual([
      {
        calendar_id: 'cal-vaccine-a',
        category_id: venueA,
        booking_opens_days_ahead: 60,
        booking_closes_unit: 'days',
        booking_closes_amount: 1,
        change_closes_unit: 'days',
        change_closes_amount: 1,
        max_active_bookings_per_user: null,
        booking_stopped: 0,
        closed_weekdays: '[]',
        closed_on_public_holidays: 0,
        lottery_closes_at: null,
        updated_at: expect.any(Number) as unknown,
      },
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last, SUM(capacity) AS units FROM calendar_slots').get()).toEqual({
      n: 104,
      first: '2021-04-05',
      last: '2021-04-30',
      units: 208,
    });
    expect(db.prepare("SELECT slot_id, start_time, end_time, capacity FROM calendar_slots WHERE date = '2021-04-07' ORDER BY start_time").all()).toEqual([
      { slot_id: '1', start_time: '10:00', end_time: '11:00', capacity: 2 },
      { slot_id: '2', start_time: '11:30', end_time: '12:30', capacity: 2 },
      { slot_id: '3', start_time: '13:30', end_time: '14:30', capacity: 2 },
      { slot_id: '4', start_time: '15:00', end_time: '16:00', capacity: 2 },
    ]);
    expect(db.prepare('SELECT date FROM calendar_closed_days ORDER BY date').all()).toEqual(
      ['2021-04-07', '2021-04-14', '2021-04-21', '2021-04-22'].map((date) => ({ date })),
    );

    const before = snapshot();
    const again = await importBytes(fixture('vaccine-sample-calendar.csv'), { calendarId: 'cal-vaccine-a' });
    expect(again).toMatchObject({ changed: false, calendarCreated: false, slots: { added: 0, changed: 0, removed: 0, unchanged: 104 }, closedDayChanges: { added: 0, removed: 0 } });
    expect(snapshot()).toEqual(before);
  });

  it('a changed file updates only what differs: capacities, removed slots, closed days', async () => {
    await importSamples();
    const changed = editBytes(fixture('vaccine-sample-calendar.csv'), (text) =>
      text
        .replace('1,10:00,11:00,2,', '1,10:00,11:00,5,')
        .replace(/\r\n4,15:00[^\r]*/, '')
        .replace(/^(.*\r\n[^,]+,0,0,)0/, '$11'),
    );
    const report = await importBytes(changed, { calendarId: 'cal-vaccine-a' });
    expect(report).toMatchObject({ changed: true, slots: { added: 0, changed: 1, removed: 26, unchanged: 77 }, closedDayChanges: { added: 1, removed: 0 } });
    expect(db.prepare("SELECT capacity FROM calendar_slots WHERE date = '2021-04-05' AND slot_id = '1'").get()).toEqual({ capacity: 5 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM calendar_slots WHERE slot_id = '4'").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM calendar_closed_days WHERE date = '2021-04-05'").get()).toEqual({ n: 1 });
  });

  it('a capacity below what is booked is refused, listing each such slot, and nothing is written', async () => {
    await importSamples();
    claim('vaccine#U1#1', '2021-04-05', '1', 2);
    claim('vaccine#U1#2', '2021-04-06', '2', 1);
    claim('vaccine#U1#3', '2021-04-08', '4', 1);
    const before = snapshot();
    const lowered = editBytes(fixture('vaccine-sample-calendar.csv'), (text) =>
      text
        // 4/5 slot 1: 2 booked, capacity 1; 4/6 slot 2: 1 booked, capacity 0; 4/7 slot 3: none booked, capacity 1 (fine).
        .replace('1,10:00,11:00,2,', '1,10:00,11:00,1,')
        .replace('2,11:30,12:30,2,2,', '2,11:30,12:30,2,0,')
        .replace('3,13:30,14:30,2,2,2,', '3,13:30,14:30,2,2,1,')
        // Slot 4 leaves the file, but 4/8 is booked.
        .replace(/\r\n4,15:00[^\r]*/, ''),
    );
    expect(await refusal(importBytes(lowered, { calendarId: 'cal-vaccine-a' }))).toEqual([
      '3行目 4列目: 2021-04-05 10:00〜11:00 は予約済みが 2 のため、定員を 1 にはできません',
      '4行目 5列目: 2021-04-06 11:30〜12:30 は予約済みが 1 のため、定員を 0 にはできません',
      '2021-04-08 15:00〜16:00 は予約済みが 1 のため、ファイルにない枠として削除することはできません',
    ]);
    expect(snapshot()).toEqual(before);
    // Down to what is booked is fine.
    const toBooked = editBytes(fixture('vaccine-sample-calendar.csv'), (text) => text.replace('2,11:30,12:30,2,2,', '2,11:30,12:30,2,1,'));
    await expect(importBytes(toBooked, { calendarId: 'cal-vaccine-a' })).resolves.toMatchObject({ slots: { changed: 1 } });
  });

  it('a booked slot moved to other times, or a booked date made a closed day, is refused, listing each, and nothing is written', async () => {
    await importSamples();
    claim('vaccine#U1#1', '2021-04-05', '1', 1);
    claim('vaccine#U1#2', '2021-04-06', '1', 1);
    claim('vaccine#U1#3', '2021-04-08', '3', 2);
    const before = snapshot();
    const edited = editBytes(fixture('vaccine-sample-calendar.csv'), (text) =>
      text
        // Slot 1 moves half an hour on every date; 4/5 and 4/6 are booked.
        .replace('1,10:00,11:00,', '1,10:30,11:30,')
        // 4/8 (7th cell of the 休日 line) becomes a closed day; it is booked.
        .replace(/^(.*\r\n[^,]+,0,0,0,0,1,)0/, '$11'),
    );
    expect(await refusal(importBytes(edited, { calendarId: 'cal-vaccine-a' }))).toEqual([
      '3行目 4列目: 2021-04-05 10:00〜11:00 は予約済みが 1 のため、時刻を 10:30〜11:30 に変えることはできません',
      '3行目 5列目: 2021-04-06 10:00〜11:00 は予約済みが 1 のため、時刻を 10:30〜11:30 に変えることはできません',
      '2021-04-08 は予約済みが 2 のため、休日にすることはできません',
    ]);
    expect(snapshot()).toEqual(before);
    // Slots nobody booked may move: slot 2 on every date.
    const unbooked = editBytes(fixture('vaccine-sample-calendar.csv'), (text) => text.replace('2,11:30,12:30,', '2,11:45,12:45,'));
    await expect(importBytes(unbooked, { calendarId: 'cal-vaccine-a' })).resolves.toMatchObject({ slots: { changed: 26 } });
  });

  it('a broken file never reaches the database; a refused new calendar is not created', async () => {
    await importBytes(fixture('vaccine-sample-bunrui.csv'));
    const before = snapshot();
    const broken = editBytes(fixture('vaccine-sample-calendar.csv'), (text) => text.replace('1,10:00,11:00,2,', '1,10:00,11:00,x,'));
    expect(readImportFile(broken).problems?.map(formatProblem)).toEqual(['3行目 4列目: 定員は0以上の整数で入力してください']);
    const parent = paths().find((row) => row.path === 'コロナワクチン接種/1回目/')!.category_id;
    expect(await refusal(importBytes(fixture('vaccine-sample-calendar.csv'), { calendarId: 'cal-x', categoryId: parent }))).toEqual([
      `カテゴリ「${parent}」の下に分類があるため、カレンダーを付けられません。いちばん下の分類を指定してください`,
    ]);
    expect(await refusal(importBytes(fixture('vaccine-sample-calendar.csv'), { calendarId: 'cal-x' }))).toEqual([
      'カレンダー「cal-x」はまだありません。作成するには、付ける分類を --category <カテゴリID> で指定してください',
    ]);
    expect(await refusal(importBytes(fixture('vaccine-sample-calendar.csv')))).toEqual([
      '予約枠のファイルには、取り込み先のカレンダーを --calendar <カレンダーID> で指定してください',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('a calendar id already on another category, or a category that has a calendar, is refused', async () => {
    await importSamples();
    const venueB = paths().find((row) => row.path === 'コロナワクチン接種/1回目/B会場')!.category_id;
    expect(await refusal(importBytes(fixture('calendar-sample-calendar.csv'), { calendarId: 'cal-vaccine-a', categoryId: venueB }))).toHaveLength(1);
    const venueA = paths().find((row) => row.path === 'コロナワクチン接種/1回目/A会場')!.category_id;
    expect(await refusal(importBytes(fixture('calendar-sample-calendar.csv'), { calendarId: 'cal-other', categoryId: venueA }))).toEqual([
      `カテゴリ「${venueA}」には、すでにカレンダー「cal-vaccine-a」があります`,
    ]);
    expect(db.prepare('SELECT calendar_id FROM calendars').all()).toEqual([{ calendar_id: 'cal-vaccine-a' }]);
  });
});

describe('survey results', () => {
  it('are described, never written', async () => {
    const before = snapshot();
    const report = await importBytes(fixture('vaccine-sample-survey.csv'));
    expect(report).toMatchObject({ kind: 'surveyResults', changed: false });
    expect(snapshot()).toEqual(before);
  });
});
