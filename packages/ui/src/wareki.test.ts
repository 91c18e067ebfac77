import { describe, expect, it } from 'vitest';
import { formatSeireki, formatWareki, fromWareki, toWareki } from './wareki.js';

describe('和暦', () => {
  it.each([
    ['2019-04-30', '平成31年4月30日'],
    ['2019-05-01', '令和元年5月1日'],
    ['2020-01-01', '令和2年1月1日'],
    ['1989-01-07', '昭和64年1月7日'],
    ['1989-01-08', '平成元年1月8日'],
    ['1926-12-24', '大正15年12月24日'],
    ['1926-12-25', '昭和元年12月25日'],
    ['1975-08-15', '昭和50年8月15日'],
  ])('shows %s as %s, changing era on the exact day', (iso, wareki) => {
    expect(formatWareki(iso)).toBe(wareki);
  });

  it.each([
    [{ era: '平成', year: 31, month: 4, day: 30 }, '2019-04-30'],
    [{ era: '令和', year: 1, month: 5, day: 1 }, '2019-05-01'],
    [{ era: '昭和', year: 64, month: 1, day: 7 }, '1989-01-07'],
    [{ era: '平成', year: 1, month: 1, day: 8 }, '1989-01-08'],
    [{ era: '昭和', year: 50, month: 8, day: 15 }, '1975-08-15'],
  ] as const)('reads %o back as %s', (wareki, iso) => {
    expect(fromWareki(wareki)).toBe(iso);
    expect(toWareki(iso)).toEqual(wareki);
  });

  it.each([
    [{ era: '平成', year: 31, month: 5, day: 1 }, 'after 平成 ended'],
    [{ era: '平成', year: 32, month: 1, day: 1 }, 'a year 平成 never had'],
    [{ era: '令和', year: 1, month: 4, day: 30 }, 'before 令和 began'],
    [{ era: '昭和', year: 64, month: 1, day: 8 }, 'the first day of 平成'],
    [{ era: '令和', year: 6, month: 2, day: 30 }, 'a day no February has'],
    [{ era: '令和', year: 0, month: 5, day: 1 }, 'year 0'],
  ] as const)('refuses %o (%s)', (wareki, _reason) => {
    expect(fromWareki(wareki)).toBeUndefined();
  });

  it('has no 和暦 for dates before 明治 or that do not exist', () => {
    expect(formatWareki('1912-07-29')).toBe('明治45年7月29日');
    expect(formatWareki('1912-07-30')).toBe('大正元年7月30日');
    expect(toWareki('1868-01-01')).toBeUndefined();
    expect(toWareki('2023-02-29')).toBeUndefined();
    expect(formatSeireki('2019-05-01')).toBe('2019年5月1日');
    expect(formatSeireki('2019-5-1')).toBeUndefined();
  });
});
