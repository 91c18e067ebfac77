// A screen the server rendered (issue 31) is readable as soon as its HTML arrives: the app's code
// is then fetched after that screen has been painted, not beside the page, so that nothing a phone
// downloads or compiles stands between the HTML and its first paint. The server names the app's
// entry on #root (data-entry) instead of linking it in the head; the early script loads it here,
// and preloads the screen's own chunks (data-preload) beside it: the entry would ask for them only
// once it has run, one download after the other on a slow network.

/** Where the entry and the chunks may be: files the build names under /assets/ (nothing else is ever loaded). */
const ENTRY_FILE = /^\/assets\/[\w.-]+\.js$/;

/** How long a page that paints no frame (a background tab) waits before loading the app anyway. */
const BACKGROUND_TAB_MS = 1000;

/** Asks the browser for a module the screen needs, beside the entry (a `<link rel="modulepreload">`). */
function preloadModule(doc: Document, url: string): void {
  const link = doc.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  doc.head.append(link);
}

/**
 * Loads the app's entry named on #root, once the screen has painted, and preloads the chunks named
 * beside it; nothing when no entry is named. Only files under /assets/ are ever asked for.
 */
export function loadAppAfterFirstPaint(doc: Document, load: (url: string) => Promise<unknown>): void {
  const start = () => {
    const root = doc.getElementById('root');
    const entry = root?.dataset.entry;
    if (entry === undefined || !ENTRY_FILE.test(entry)) return;
    const preloads = (root?.dataset.preload ?? '').split(' ').filter((file) => ENTRY_FILE.test(file));
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      for (const file of preloads) preloadModule(doc, file);
      load(entry).catch((error: unknown) => {
        // The app could not be fetched: the screen stays readable; its controls wait for the app.
        console.error(error);
      });
    };
    // The frame after the first paint: requestAnimationFrame runs before it, the timeout after it.
    // A tab in the background paints no frame: the app is loaded after a moment all the same.
    requestAnimationFrame(() => {
      setTimeout(go, 0);
    });
    setTimeout(go, BACKGROUND_TAB_MS);
  };
  // The early script is async: it may run before the body (and #root) has been parsed.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
