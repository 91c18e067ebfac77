import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { AppStarting } from './screen-loading.js';

/** The markup as a browser holds it (attribute quoting and empty elements normalised). */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  return template.innerHTML;
}

describe('the app shell', () => {
  it('is what React paints first, so nothing moves or flashes when the JavaScript takes over', () => {
    const shell = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root')?.innerHTML;
    expect(shell).toBeDefined();
    const { container } = render(<AppStarting />);
    expect(normalised(shell ?? '')).toBe(normalised(container.innerHTML));
  });

  it('says, to a screen reader too, that the app is loading', () => {
    const { getByRole } = render(<AppStarting />);
    expect(getByRole('status').textContent).toBe('読み込み中です');
    expect(getByRole('main').getAttribute('aria-busy')).toBe('true');
    // No heading: the screen's own h1 arrives with the screen.
    expect(document.querySelector('h1')).toBeNull();
  });
});
