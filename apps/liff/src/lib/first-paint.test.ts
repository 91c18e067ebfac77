// Loading the app after a server-rendered screen's first paint: the entry #root names, after the
// next frame, with the screen's chunks preloaded beside it; nothing for a page that names none, or
// names anything but a built file.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAppAfterFirstPaint } from './first-paint.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function pageWith(entry: string | undefined, preload?: string): Document {
  document.head.innerHTML = '';
  const preloads = preload === undefined ? '' : ` data-preload="${preload}"`;
  document.body.innerHTML = entry === undefined ? '<div id="root"></div>' : `<div id="root" data-entry="${entry}"${preloads}></div>`;
  return document;
}

const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('loadAppAfterFirstPaint', () => {
  it('loads the named entry after the next frame, not before', () => {
    const load = vi.fn(() => Promise.resolve());
    loadAppAfterFirstPaint(pageWith('/assets/index-abc.js'), load);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(load).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(load).toHaveBeenCalledWith('/assets/index-abc.js');
    // The background tab's timeout passed too: loaded once.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("preloads the screen's chunks as it loads the entry, and only the build's files", () => {
    const load = vi.fn(() => Promise.resolve());
    loadAppAfterFirstPaint(pageWith('/assets/index-abc.js', '/assets/survey-page-1.js https://evil.example/x.js /assets/api-2.js'), load);
    vi.advanceTimersToNextFrame();
    expect(preloaded()).toEqual([]);
    vi.runAllTimers();
    expect(preloaded()).toEqual(['/assets/survey-page-1.js', '/assets/api-2.js']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads it after a second in a tab that paints no frame (in the background), once', () => {
    const load = vi.fn(() => Promise.resolve());
    // A background tab: no frame is ever painted.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    loadAppAfterFirstPaint(pageWith('/assets/index-abc.js'), load);
    vi.advanceTimersByTime(999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('loads nothing when #root names no entry, or one outside the build\'s files', () => {
    const load = vi.fn(() => Promise.resolve());
    for (const entry of [undefined, 'https://evil.example/x.js', '/assets/../x.js', '//evil.example/assets/a.js']) {
      loadAppAfterFirstPaint(pageWith(entry), load);
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
    }
    expect(load).not.toHaveBeenCalled();
  });
});
