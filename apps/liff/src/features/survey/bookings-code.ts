// The survey form's booking code (survey-bookings.tsx), which only forms with a reservation item
// load. A server-rendered form with one has it loaded before it hydrates (main.tsx): otherwise
// React.lazy would still be waiting for it when the form renders again right after hydrating (the
// app live, the session taken), and would show its fallback instead of the server's HTML.
import type * as BookingsModule from './survey-bookings.js';

type BookingsCode = typeof BookingsModule;
let loaded: BookingsCode | undefined;

/** Loads the booking code ahead of the form's first render in the browser. */
export async function loadBookingsCode(): Promise<void> {
  loaded = await import('./survey-bookings.js');
}

/**
 * The booking code for React.lazy: once loaded, a thenable that answers at once, so nothing
 * suspends; before, the import itself.
 */
export function bookingsCode(): Promise<BookingsCode> {
  const code = loaded;
  if (code === undefined) return import('./survey-bookings.js');
  return {
    then: (resolve: (value: BookingsCode) => void) => {
      resolve(code);
    },
  } as unknown as Promise<BookingsCode>;
}
