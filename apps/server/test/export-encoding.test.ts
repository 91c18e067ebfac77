// What an exported CSV's bytes hold: Windows-31J that Excel and Node's own decoder read back as the
// text written, every character it cannot hold reported (𠮷 never becomes '?'), the UTF-8 BOM, and
// no cell Excel would run as a formula.
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, neutralisedCell, unneutralisedCell, UTF8_BOM } from '../src/modules/exports/csv.js';
import { encodeWindows31J, unencodableCharacters } from '../src/modules/exports/windows-31j.js';

const readBack = (bytes: Uint8Array) => new TextDecoder('shift_jis', { fatal: true }).decode(bytes);

describe('Windows-31J', () => {
  it('writes Japanese text, NEC and IBM extensions included, as Shift_JIS decoders read it back', () => {
    const text = '山田 太郎,ﾔﾏﾀﾞ ﾀﾛｳ,髙橋 ① Ⅹ ㈱ ～ ￥ 北海道札幌市中央区北１条西２丁目\r\n';
    const bytes = encodeWindows31J(text);
    expect(bytes).toBeDefined();
    expect(readBack(bytes ?? new Uint8Array())).toBe(text);
    expect(unencodableCharacters(text)).toEqual([]);
  });

  it('writes the characters a phone types for JIS ones as their JIS codes (〜 as Windows reads ～)', () => {
    const typed = '9:00〜10:00 −5℃ ‖ ¢£¬ — ¥';
    expect(unencodableCharacters(typed)).toEqual([]);
    expect(readBack(encodeWindows31J(typed) ?? new Uint8Array())).toBe('9:00～10:00 －5℃ ∥ ￠￡￢ ― \\');
  });

  it('writes the bytes Excel expects for the usual characters', () => {
    expect([...(encodeWindows31J('あ①髙ｱ−') ?? [])]).toEqual([0x82, 0xa0, 0x87, 0x40, 0xfb, 0xfc, 0xb1, 0x81, 0x7c]);
  });

  it('refuses 𠮷 and reports it, and every other character it cannot hold, where it is', () => {
    const text = '吉田 → 𠮷田、🙂 と 丂';
    expect(encodeWindows31J(text)).toBeUndefined();
    expect(unencodableCharacters(text)).toEqual([
      { index: 5, character: '𠮷' },
      { index: 9, character: '🙂' },
      { index: 14, character: '丂' },
    ]);
    // A lone surrogate cannot be written either.
    expect(unencodableCharacters('a\ud842b')).toEqual([{ index: 1, character: '\ud842' }]);
  });

  it('never writes a question mark for a character it cannot hold', () => {
    for (const text of ['𠮷', 'x𠮷y', '🙂']) expect(encodeWindows31J(text)).toBeUndefined();
    expect([...(encodeWindows31J('?') ?? [])]).toEqual([0x3f]);
  });
});

describe('CSV fields', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell beginning with %j', (start) => {
    const value = `${start}HYPERLINK("http://evil.example","x")`;
    const field = csvField(value);
    expect(field.startsWith(`"'${start}`) || field.startsWith(`'${start}`)).toBe(true);
    // The text is all there after the quote: nothing dropped.
    expect(field.replace(/^"|"$/g, '').replaceAll('""', '"')).toBe(`'${value}`);
  });

  it('leaves other cells as they are, quoting only what must be quoted', () => {
    expect(csvField('山田 太郎')).toBe('山田 太郎');
    expect(csvField('1,234')).toBe('"1,234"');
    expect(csvField('彼は"はい"と')).toBe('"彼は""はい""と"');
    expect(csvField('一行目\n二行目')).toBe('"一行目\n二行目"');
    expect(csvLine(['a', '=1+1', ''])).toBe("a,'=1+1,\r\n");
  });

  it('gives every answer back when the apostrophe it added is read off (an export imported back)', () => {
    for (const answer of ['=1+1', '-', '+81 90', '@home', '\tx', "'=1", "''@x", "'abc", 'abc', '', "'", '３＝３']) {
      expect(unneutralisedCell(neutralisedCell(answer)), answer).toBe(answer);
    }
    expect(neutralisedCell("'=1")).toBe("''=1");
  });

  it('has the UTF-8 byte order mark Excel looks for', () => {
    expect([...UTF8_BOM]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat([UTF8_BOM, Buffer.from('𠮷')]))).toBe('\ufeff𠮷');
  });
});
