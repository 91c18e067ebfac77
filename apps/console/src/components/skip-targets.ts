// Where the skip links (and a page turned) take the keyboard focus. The targets carry
// tabIndex={-1}: focusable from code, never an extra Tab stop.

/** Every screen's content (the layout's <main>). */
export const MAIN_TARGET_ID = 'main';
/** The results list's records: its table, or the line saying none match. */
export const RESULTS_TARGET_ID = 'results';

/** What a route's `handle` tells the layout: the results list offers a skip link to its records. */
export interface ConsoleRouteHandle {
  skipToResults?: boolean;
}

/** Focuses the target (scrolled into view), or the main content while the target is not shown yet. */
export function focusTarget(id: string): void {
  (document.getElementById(id) ?? document.getElementById(MAIN_TARGET_ID))?.focus();
}
