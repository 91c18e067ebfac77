// Reading the earlier platform's files: the four published samples exactly, and broken copies
// refused with the line and column of every problem.
import { describe, expect, it } from 'vitest';
import { readCsv } from '../src/modules/calendars/import/csv.js';
import { formatProblem } from '../src/modules/calendars/import/problems.js';
import { readImportFile } from '../src/modules/calendars/import/read-import-file.js';
import { editBytes, fixture, utf8WithBom } from './import-fixtures.js';

function read(bytes: Uint8Array) {
  const result = readImportFile(bytes);
  if (result.problems !== undefined) throw new Error(`refused:\n${result.problems.map(formatProblem).join('\n')}`);
  return result.file;
}

function problemsOf(bytes: Uint8Array): string[] {
  const result = readImportFile(bytes);
  if (result.problems === undefined) throw new Error(`read a ${result.file.kind} file without problems`);
  return result.problems.map(formatProblem);
}

/** 2021-04-05 … 2021-04-30. */
const APRIL_DATES = Array.from({ length: 26 }, (_unused, index) => `2021-04-${String(index + 5).padStart(2, '0')}`);

describe('the published slot files', () => {
  it.each([
    ['vaccine-sample-calendar.csv', ['1', '2', '3', '4']],
    ['calendar-sample-calendar.csv', ['10', '20', '30', '40']],
  ])('%s: 26 dates, the 休日 line, four slots of 2 on every date', (name, slotIds) => {
    const file = read(fixture(name));
    if (file.kind !== 'slots') throw new Error(file.kind);
    expect(file.dates).toEqual(APRIL_DATES);
    // The 休日 line has a cell under each ____ too: the 0/1 flags line up with the dates' columns.
    expect(file.closedDays).toEqual(['2021-04-07', '2021-04-14', '2021-04-21', '2021-04-22']);
    expect(file.slots).toHaveLength(26 * 4);
    const times = [
      ['10:00', '11:00'],
      ['11:30', '12:30'],
      ['13:30', '14:30'],
      ['15:00', '16:00'],
    ];
    expect(file.slots.filter((slot) => slot.date === '2021-04-05').map(({ slotId, start, end, capacity }) => ({ slotId, start, end, capacity }))).toEqual(
      slotIds.map((slotId, index) => ({ slotId, start: times[index]![0], end: times[index]![1], capacity: 2 })),
    );
    expect(new Set(file.slots.map((slot) => slot.capacity))).toEqual(new Set([2]));
    // The last slot, from the last line (which has no line break in calendar-sample-calendar.csv).
    expect(file.slots.at(-1)).toMatchObject({ date: '2021-04-30', slotId: slotIds[3], start: '15:00', end: '16:00', line: 6, column: 29 });
  });
});

describe('the published category tree', () => {
  it('reads six venues under two 中分類, without ids (assigned on import)', () => {
    const file = read(fixture('vaccine-sample-bunrui.csv'));
    if (file.kind !== 'categories') throw new Error(file.kind);
    expect(file.categories.map(({ line, categoryId, tag1, tag2, tag3 }) => ({ line, categoryId, path: [tag1, tag2, tag3] }))).toEqual([
      { line: 2, categoryId: undefined, path: ['コロナワクチン接種', '1回目', 'A会場'] },
      { line: 3, categoryId: undefined, path: ['コロナワクチン接種', '1回目', 'B会場'] },
      { line: 4, categoryId: undefined, path: ['コロナワクチン接種', '1回目', 'C会場'] },
      { line: 5, categoryId: undefined, path: ['コロナワクチン接種', '2回目', 'A会場'] },
      { line: 6, categoryId: undefined, path: ['コロナワクチン接種', '2回目', 'B会場'] },
      { line: 7, categoryId: undefined, path: ['コロナワクチン接種', '2回目', 'C会場'] },
    ]);
  });

  it('reads UTF-8 without a BOM as UTF-8, not as Shift_JIS mojibake', () => {
    const file = read(Buffer.from('カテゴリID,大分類,中分類,小分類,カレンダー有無\n,健康診断,特定健診,中央保健センター,\n', 'utf8'));
    expect(file).toEqual({ kind: 'categories', categories: [{ line: 2, tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター' }] });
  });

  it('takes ids when given, and an empty 小分類', () => {
    const file = read(utf8WithBom('カテゴリID,大分類,中分類,小分類,カレンダー有無\r\nc-1,健康診断,特定健診,,1\r\n,健康診断,がん検診,,\r\n'));
    if (file.kind !== 'categories') throw new Error(file.kind);
    expect(file.categories).toEqual([
      { line: 2, categoryId: 'c-1', tag1: '健康診断', tag2: '特定健診', tag3: '' },
      { line: 3, tag1: '健康診断', tag2: 'がん検診', tag3: '' },
    ]);
  });
});

describe('the published survey results', () => {
  it('are recognised and read: 10 records, their columns and category references', () => {
    const file = read(fixture('vaccine-sample-survey.csv'));
    if (file.kind !== 'surveyResults') throw new Error(file.kind);
    // Eleven lines: the header and ten records (the last one without a line break).
    expect(file.records).toHaveLength(10);
    expect(file.itemColumns).toEqual([
      '宛名番号',
      '接種券番号',
      '生年月日',
      '性別',
      '分類',
      'カレンダー予約',
      '回数',
      '会場',
      '予約時間',
      'LINE/外部',
      '接種実施日',
      '接種ワクチンのメーカー',
      'ロット番号',
      '接種回数',
      '1回目の接種日',
      '1回目の接種ワクチンのメーカー',
    ]);
    expect(file.records.map((record) => record.categoryIds)).toEqual(Array.from({ length: 5 }, () => [['049943'], ['088924']]).flat());
    expect(file.records[0]).toEqual({
      line: 2,
      userId: '',
      partitionKey: '',
      receiptNumber: '',
      answers: expect.objectContaining({ 宛名番号: '1', 接種券番号: '1111111111', 生年月日: '1990-01-01', 性別: '男性', 分類: 'category#049943', 接種回数: '1回目', 会場: '' }) as unknown,
      categoryIds: ['049943'],
      status: '',
      createdAt: '',
      updatedAt: '',
      adminMemo: '',
    });
    expect(file.records.at(-1)).toMatchObject({ line: 11, answers: { 宛名番号: '5', 接種券番号: '1111111115', 生年月日: '1990-05-01', 接種回数: '2回目' } });
  });
});

describe('broken copies are refused whole, naming every problem by line and column', () => {
  const slots = fixture('vaccine-sample-calendar.csv');

  it('a capacity that is not a whole number of 0 or more', () => {
    const broken = editBytes(slots, (text) => text.replace('1,10:00,11:00,2,2,', '1,10:00,11:00,2,x,').replace('3,13:30,14:30,2,2,2,', '3,13:30,14:30,2,2,-1,'));
    expect(problemsOf(broken)).toEqual(['3行目 5列目: 定員は0以上の整数で入力してください', '5行目 6列目: 定員は0以上の整数で入力してください']);
  });

  it('a date that does not exist, or is written another way', () => {
    const broken = editBytes(slots, (text) => text.replace('2021/4/7,', '2021/4/31,').replace('2021/4/9,', '4/9,'));
    expect(problemsOf(broken)).toEqual([
      '1行目 6列目: 日付は「2021/4/5」の形で、実在する日付を入力してください',
      '1行目 8列目: 日付は「2021/4/5」の形で、実在する日付を入力してください',
    ]);
  });

  it('a time that is no time of day, and an end before the start', () => {
    const broken = editBytes(slots, (text) => text.replace('2,11:30,12:30,', '2,25:00,12:30,').replace('4,15:00,16:00,', '4,15:00,14:00,'));
    expect(problemsOf(broken)).toEqual([
      '4行目 2列目: 時刻は「10:00」の形（00:00〜24:00）で入力してください',
      '6行目 3列目: 終了時刻は開始時刻より後にしてください',
    ]);
  });

  it('bytes that are not Shift_JIS', () => {
    const broken = editBytes(slots, (text) => text.replace('3,13:30', '3,1\xff3:30'));
    expect(problemsOf(broken)).toEqual([
      '5行目: 4文字目に Shift_JIS として読めないバイトがあります。Shift_JIS（または BOM 付き UTF-8）で保存し直してください',
    ]);
  });

  it('a line with a cell too few or too many', () => {
    const broken = editBytes(slots, (text) => text.replace('2,11:30,12:30,2,', '2,11:30,12:30,').replace('3,13:30,14:30,2,', '3,13:30,14:30,2,2,'));
    expect(problemsOf(broken)).toEqual(['4行目: 列の数が28です（見出しは29列です）', '5行目: 列の数が30です（見出しは29列です）']);
  });

  it('slot ids twice, a bad 休日 flag and a stray quote, all at once', () => {
    const broken = editBytes(slots, (text) => text.replace('\r\n2,11:30', '\r\n1,11:30').replace(/^(.*\r\n[^,]+,0,0,0,0,)1/, '$12').replace('4,15:00,16:00,2', '4,15:00,16:00,"2"x'));
    expect(problemsOf(broken)).toEqual([
      '2行目 6列目: 休日は 0（営業日）か 1（休日）で入力してください',
      '4行目 1列目: 枠IDが3行目と重複しています',
      '6行目 4列目: 閉じた引用符（"）のあとに、カンマ以外の文字があります',
    ]);
  });

  it('category lines without a 大分類, a 小分類 without a 中分類, an id twice, a path twice', () => {
    const text = [
      'カテゴリID,大分類,中分類,小分類,カレンダー有無',
      'c-1,健康診断,特定健診,中央,',
      'c-1,健康診断,特定健診,北部,',
      ',,特定健診,南部,',
      ',健康診断,,南部,',
      'c 2,健康診断,特定健診,中央,',
      ',健康診断,特定健診',
    ].join('\r\n');
    expect(problemsOf(utf8WithBom(text))).toEqual([
      '3行目 1列目: カテゴリIDが2行目と重複しています',
      '4行目 2列目: 大分類を入力してください',
      '5行目 3列目: 小分類があるときは中分類も入力してください',
      '6行目: 同じ分類が2行目にもあります',
      '6行目 1列目: カテゴリIDに空白、「#」、「|」は使えません（128文字まで）',
      '7行目: 列の数が3です（見出しは5列です）',
    ]);
  });

  it('a file of no known kind', () => {
    expect(problemsOf(Buffer.from('name,date\r\nx,2021/4/5\r\n'))).toEqual([
      '1行目: ファイルの種類が分かりません。見出し行が「カテゴリID,大分類,中分類,小分類,カレンダー有無」（分類）、「id,____,____,日付…」（予約枠）または「ユーザーID,パーティションキー,…」（アンケート結果）のファイルを指定してください',
    ]);
  });
});

describe('the CSV reader', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, and a last line without one', () => {
    const { records, problems } = readCsv('a,"b,1","say ""hi"""\n"two\r\nlines",,x\r\n\r\nlast,1,2');
    expect(problems).toEqual([]);
    expect(records.map((record) => [record.line, record.cells.map((cell) => cell.value)])).toEqual([
      [1, ['a', 'b,1', 'say "hi"']],
      [2, ['two\r\nlines', '', 'x']],
      [5, ['last', '1', '2']],
    ]);
    // A field's place is where it starts.
    expect(records[1]!.cells[2]).toEqual({ value: 'x', line: 3, column: 3 });
  });

  it('refuses an unclosed quote at the line where the field starts', () => {
    expect(readCsv('a,b\n1,"2\n3,4\n').problems).toEqual([{ line: 2, column: 2, message: '引用符（"）が閉じられていません' }]);
  });
});
