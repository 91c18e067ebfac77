// Whether the screen is live: false while the server's HTML is being hydrated (and on the server),
// true once React has taken it over, and from the start for a screen rendered on the client. A
// control that needs the app's code (the login button) waits on it, so that a tap on the HTML the
// server rendered, before the code has arrived, is not lost (issue 31).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
