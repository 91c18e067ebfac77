import '@city/ui/styles.css';
import './app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { bootApp } from './app/boot.js';
import { isServerRendered, readServerState, SERVER_RENDERED_ATTRIBUTE } from './app/first-screen.js';
import { makeStore } from './app/make-store.js';
import { AppProviders } from './app/providers.js';
import { appRoutes, createAppRouter, loadedOnServer, loadScreenCode, preloadScreenCode } from './app/router.js';
import { loadBookingsCode } from './features/survey/bookings-code.js';
import { messages } from './messages.js';
import { loadDataLayer } from './store/data-layer.js';
import { serverDataHydrated } from './store/server-state.js';
import { awaitingSessionState, sessionChecked, sessionStateFor } from './store/session-slice.js';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element.');
const container: HTMLElement = rootElement;

/**
 * The server rendered this screen (issue 31): it is hydrated with the state the server rendered
 * with (the survey open or the calendar's week, the server data in the cache, nobody known), its
 * lazy route modules loaded first (or the router would show its fallback instead of the screen);
 * the session the boot found is taken afterwards.
 */
async function hydrateServerScreen(boot: Awaited<ReturnType<typeof bootApp>>, root: HTMLElement): Promise<void> {
  const rendered = readServerState(document);
  const store = makeStore(boot.services, { session: awaitingSessionState, ...(rendered === undefined ? {} : { survey: rendered.survey }) });
  const routes = appRoutes(store);
  const pathname = window.location.pathname;
  await loadScreenCode(routes, pathname);
  if (rendered?.api !== undefined) {
    const { selectSurveyConfigInHand } = await loadDataLayer(store);
    store.dispatch(serverDataHydrated(rendered));
    const config = selectSurveyConfigInHand(store.getState(), rendered.survey.surveyId);
    if (config?.surveySchema.some((item) => item.type === 'reservation') === true) {
      await loadBookingsCode();
    }
  }
  // What the server rendered with: hydration reads this, not the store, which takes the session
  // right after (a signed-in citizen's /login then re-renders, after hydrating).
  const serverState = store.getState();
  const router = createAppRouter(store, routes, { hydrationData: { loaderData: loadedOnServer(routes, pathname) } });
  // As a transition: React hydrates in slices, yielding to the browser between them, rather than
  // in one long task on a slow phone (the screen is on show meanwhile); a tap meanwhile has React
  // finish the part tapped at once.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders store={store} services={boot.services} serverState={serverState}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  store.dispatch(sessionChecked(boot.session));
}

// The address the server rendered: LIFF may move to another (liff.state) during the boot.
const renderedPathname = window.location.pathname;
const serverRendered = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && isServerRendered(renderedPathname);
// The screen's code is asked for beside the boot (LIFF's init inside LINE), not after it.
const screenCode = serverRendered ? preloadScreenCode(window.location.pathname) : undefined;

function showBootError(error: unknown): void {
  console.error(error);
  createRoot(container).render(
    <div className="city-root app-root">
      <p role="alert" className="app-boot-error">
        {messages.liffFailed}
      </p>
    </div>,
  );
}

bootApp()
  .then(async (boot) => {
    // LIFF may have moved to the address in liff.state: hydrate only the screen the server rendered.
    if (screenCode !== undefined && window.location.pathname === renderedPathname) {
      await screenCode;
      await hydrateServerScreen(boot, container);
      return;
    }
    const store = makeStore(boot.services, { session: sessionStateFor(boot.session) });
    // Created only now: the router reads the URL, which LIFF may have changed during init.
    const router = createAppRouter(store);
    createRoot(container).render(
      <StrictMode>
        <AppProviders store={store} services={boot.services}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  })
  // LIFF failing, or the screen's code not arriving (a phone's network): said, never a dead screen.
  .catch(showBootError);
