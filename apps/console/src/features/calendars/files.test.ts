import { describe, expect, it } from 'vitest';
import { base64Of } from '../../lib/base64.js';
import { fileNameOf } from './files.js';

describe('files in and out', () => {
  it('encodes any bytes as base64, a large file included', () => {
    expect(base64Of(new Uint8Array([0x83, 0x4a, 0x83, 0x65]))).toBe('g0qDZQ==');
    const large = new Uint8Array(200_000).map((_unused, index) => index % 256);
    expect(Buffer.from(base64Of(large), 'base64').equals(Buffer.from(large))).toBe(true);
  });

  it('takes the file name the server gives', () => {
    expect(fileNameOf('attachment; filename="cal-a-2021-04-01-2021-04-30.csv"', 'x.csv')).toBe('cal-a-2021-04-01-2021-04-30.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
