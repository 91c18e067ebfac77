// A screen the server rendered (issue 31) is readable as soon as its HTML arrives: the app's code
// is then fetched after that screen has been painted, not beside the page, so that nothing a phone
// downloads or compiles stands between the HTML and its first paint. The server names the app's
// entry on #root (data-entry) instead of linking it in the head; the early script loads it here.

/** Where the entry may be: a file the build names under /assets/ (nothing else is ever loaded). */
const ENTRY_FILE = /^\/assets\/[\w.-]+\.js$/;

/** How long a page that paints no frame (a background tab) waits before loading the app anyway. */
const BACKGROUND_TAB_MS = 1000;

/** Loads the app's entry named on #root, once the screen has painted; nothing when none is named. */
export function loadAppAfterFirstPaint(doc: Document, load: (url: string) => Promise<unknown>): void {
  const start = () => {
    const entry = doc.getElementById('root')?.dataset.entry;
    if (entry === undefined || !ENTRY_FILE.test(entry)) return;
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
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
