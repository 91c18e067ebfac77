import { describe, expect, it } from 'vitest';
import { searchFold } from '../src/modules/records/search-text.js';

describe('searchFold', () => {
  it('finds a name typed without the space, in the other kana or in full-width letters', () => {
    expect(searchFold('小林 修')).toBe(searchFold('小林修'));
    expect(searchFold('小林　修')).toBe(searchFold('小林修'));
    expect(searchFold('ヤマダ タロウ')).toBe(searchFold('やまだたろう'));
    expect(searchFold('ｺﾊﾞﾔｼ')).toBe(searchFold('こばやし'));
    expect(searchFold('ＴＡＮＡＫＡ')).toBe(searchFold('tanaka'));
  });

  it('finds a phone number whatever its hyphens and digits', () => {
    expect(searchFold('090-1234-5678')).toBe('09012345678');
    expect(searchFold('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(searchFold('090ー1234')).not.toBe('0901234'); // ー is a long vowel, not a hyphen: kept
  });
});
