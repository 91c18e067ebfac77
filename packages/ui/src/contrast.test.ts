import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';

// A path, not a URL: under jsdom, URL is the DOM's, which node:fs does not take.
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');
const token = (name: string): string => {
  const value = new RegExp(`--city-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (value === undefined) throw new Error(`styles.css has no --city-${name}`);
  return value;
};

describe('colours in styles.css', () => {
  it.each([
    ['on-brand', 'brand'],
    ['brand-text', 'surface'],
    ['text', 'surface'],
    ['text-muted', 'surface'],
    ['on-danger', 'danger'],
    ['danger', 'surface'],
    ['on-notice', 'notice'],
  ])('--city-%s on --city-%s meets WCAG AA for text (4.5:1)', (foreground, background) => {
    expect(contrastRatio(token(foreground), token(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the LINE green itself as the accent', () => {
    expect(token('brand').toLowerCase()).toBe('#06c755');
    // Why the text on it is dark: white would fail.
    expect(contrastRatio('#ffffff', token('brand'))).toBeLessThan(4.5);
  });

  it('borders and focus rings are visible against the page (3:1)', () => {
    expect(contrastRatio(token('border'), token('surface'))).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(token('focus'), token('surface'))).toBeGreaterThanOrEqual(3);
  });
});
