import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMemberNumber, luhnCheckDigit, readMemberNumber } from './member-number.js';
import { memberNumberMessages } from './messages.js';

const LIBRARY = { prefix: 'LIB', digits: 6 };

describe('luhnCheckDigit', () => {
  it('gives the published Luhn digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('000000')).toBe(0);
    expect(luhnCheckDigit('000042')).toBe(2);
  });

  it('refuses anything but digits', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
    expect(() => luhnCheckDigit('')).toThrow(RangeError);
  });
});

describe('formatMemberNumber', () => {
  it('writes the prefix, the padded sequence and its check digit', () => {
    expect(formatMemberNumber(LIBRARY, 42)).toBe('LIB0000422');
    expect(formatMemberNumber({ prefix: '', digits: 4 }, 9999)).toBe(`9999${String(luhnCheckDigit('9999'))}`);
  });

  it('refuses a sequence that does not fit, and a format no membership may have', () => {
    expect(() => formatMemberNumber(LIBRARY, 0)).toThrow(RangeError);
    expect(() => formatMemberNumber(LIBRARY, 1_000_000)).toThrow(RangeError);
    expect(() => formatMemberNumber(LIBRARY, 1.5)).toThrow(RangeError);
    expect(() => formatMemberNumber({ prefix: 'lib', digits: 6 }, 1)).toThrow(RangeError);
    expect(() => formatMemberNumber({ prefix: 'LIBRA', digits: 6 }, 1)).toThrow(RangeError);
    expect(() => formatMemberNumber({ prefix: 'LIB', digits: 3 }, 1)).toThrow(RangeError);
  });
});

describe('readMemberNumber', () => {
  it('reads a number as typed at a counter: full-width, lower case, spaces and hyphens', () => {
    for (const typed of ['LIB0000422', 'ｌｉｂ－００００４２２', 'ｌｉｂ００００４２２', 'lib-000042-2', ' LIB 000042 2 ', 'LIB−000042−2', 'LIB–000042—2', 'ＬＩＢ　000042　2']) {
      expect(readMemberNumber(LIBRARY, typed)).toEqual({ ok: true, memberNumber: 'LIB0000422', sequence: 42 });
    }
  });

  it('says a mistyped digit is a mistake, and a wrong shape what a number looks like', () => {
    expect(readMemberNumber(LIBRARY, 'LIB0000427')).toEqual({ ok: false, problem: memberNumberMessages.checkDigit });
    const example = memberNumberMessages.example(formatMemberNumber(LIBRARY, 1));
    const shape = memberNumberMessages.shape(example);
    for (const typed of ['', 'LIB', 'ABC0000426', 'LIB00004A6', 'LIB0000000']) {
      expect(readMemberNumber(LIBRARY, typed)).toEqual({ ok: false, problem: shape });
    }
  });

  it('says how many digits a number has and how many were typed, when only that is wrong (a zero too many, full-width or not)', () => {
    const example = memberNumberMessages.example(formatMemberNumber(LIBRARY, 1));
    expect(readMemberNumber(LIBRARY, 'ｌｉｂ０００００４２２')).toEqual({ ok: false, problem: memberNumberMessages.digitCount('LIB', 7, 8, example) });
    expect(readMemberNumber(LIBRARY, 'LIB000042')).toEqual({ ok: false, problem: memberNumberMessages.digitCount('LIB', 7, 6, example) });
    expect(memberNumberMessages.digitCount('LIB', 8, 9, '例: LIB00000018')).toBe(
      '会員番号は「LIB」に続けて数字8桁です。入力された番号の数字は9桁です。お手元のカードの番号をもう一度ご確認ください（例: LIB00000018）',
    );
    expect(readMemberNumber({ prefix: '', digits: 6 }, '12345')).toEqual({
      ok: false,
      problem: '会員番号は数字7桁です。入力された番号の数字は5桁です。お手元のカードの番号をもう一度ご確認ください（例: 0000018）',
    });
  });

  it('reads back every number it writes, and catches every single wrong digit and neighbour swap but 09/90', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.nat(6), fc.integer({ min: 1, max: 9 }), fc.nat(5), (sequence, at, shift, swapAt) => {
        const number = formatMemberNumber(LIBRARY, sequence);
        expect(readMemberNumber(LIBRARY, number)).toEqual({ ok: true, memberNumber: number, sequence });
        const digits = number.slice(LIBRARY.prefix.length).split('');
        const wrong = [...digits];
        wrong[at] = String((Number(wrong[at]) + shift) % 10);
        expect(readMemberNumber(LIBRARY, LIBRARY.prefix + wrong.join('')).ok).toBe(false);
        const [a, b] = [digits[swapAt]!, digits[swapAt + 1]!];
        if (a !== b && `${a}${b}` !== '09' && `${a}${b}` !== '90') {
          const swapped = [...digits];
          [swapped[swapAt], swapped[swapAt + 1]] = [b, a];
          expect(readMemberNumber(LIBRARY, LIBRARY.prefix + swapped.join('')).ok).toBe(false);
        }
      }),
    );
  });
});
