import { Loading } from '@city/ui';
import { messages } from '../messages.js';

/**
 * A screen whose code or data is still on its way: the header bar with the app's name, and the
 * spinner. index.html paints the same markup in #root before any JavaScript has arrived
 * (screen-loading.test.tsx keeps the two equal), so React taking over changes nothing on screen.
 * The name is not a heading: the screen's own h1 arrives with the screen (and names the tab).
 */
export function ScreenLoading({ label }: { label?: string }) {
  return (
    <div className="city-root city-page">
      <header className="city-page__header">
        <p className="city-page__title app-shell-title">{messages.appTitle}</p>
      </header>
      <main className="city-page__content" aria-busy="true">
        <Loading {...(label === undefined ? {} : { label })} />
      </main>
    </div>
  );
}

/**
 * The app before its root layout is there (while the first screen's code arrives): what
 * index.html's #root holds, so the first thing React paints is what was already on screen.
 */
export function AppStarting() {
  return (
    <div className="city-root app-root">
      <ScreenLoading />
    </div>
  );
}
