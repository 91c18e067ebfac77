import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharacters } from './validate.js';

const segmenter = new Intl.Segmenter('ja', { granularity: 'grapheme' });
const bySegmenting = (value: string) => Array.from(segmenter.segment(value)).length;

// Pieces of what citizens type, including those that join into one character with a neighbour.
const piece = fc.constantFrom(
  'a', 'Z', '1', ' ', '\n', '\r\n', '\r', '\t', 'é', 'e\u0301', 'ü', '¥', 'ˆ',
  'あ', 'が', 'か\u3099', 'ﾊ', 'ﾊﾞ', 'ｶﾟ', 'ー', '〜', '、', '。', '〒', '〻', '〆',
  '山', '田', '髙', '𠮷', '１', 'Ａ', '（', '）',
  '🍣', '👨‍👩‍👧', '❤️', '🇯🇵', '👍🏽', '한', '\u1100\u1161', '\u200d', '\uFE0F', '\u302A',
);

describe('countCharacters', () => {
  it('counts as Intl.Segmenter does, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }), (pieces, more) => {
        const value = pieces.join('') + more;
        expect(countCharacters(value)).toBe(bySegmenting(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts kanji, dakuten kana and emoji as one each', () => {
    expect(countCharacters('山田🍣')).toBe(3);
    expect(countCharacters('ガ\u3099')).toBe(1);
    expect(countCharacters('ﾊﾞｶﾟ')).toBe(2);
    expect(countCharacters('市民アンケート（２０２６）')).toBe(13);
  });
});
