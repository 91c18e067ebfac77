import type { ApiClient } from '@city/api-client';
import { ToastProvider } from '@city/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../src/app/make-store.js';
import { memoryStorage } from '../src/lib/memory-storage.js';
import { AppProviders } from '../src/app/providers.js';
import { appRoutes } from '../src/app/router.js';
import * as apiSliceModule from '../src/store/api-slice.js';
import type { RootStateWithApi } from '../src/store/api-slice.js';
import { attachDataLayer } from '../src/store/data-layer.js';
import { sessionStateFor } from '../src/store/session-slice.js';
import type { AppStore, RootState } from '../src/store/root-reducer.js';
import type { Session } from '../src/lib/session.js';
import type { AppServices } from '../src/store/services.js';

/** Session storage for one test (jsdom's is shared between tests of a file). */
export { memoryStorage };

/** Services for a test: the given API methods (others throw when called), memory storage, a fixed clock. */
export function testServices(overrides: Partial<Omit<AppServices, 'api'>> & { api?: Partial<ApiClient> } = {}): AppServices {
  const api = new Proxy(overrides.api ?? {}, {
    get: (target, name: string) => (target as Record<string, unknown>)[name] ?? (() => { throw new Error(`Unexpected API call: ${name}`); }),
  }) as ApiClient;
  return {
    storage: memoryStorage(),
    settings: { apiBaseUrl: 'http://127.0.0.1:1', loginAppId: '1650000000', webUrl: 'http://127.0.0.1:1' },
    runtime: { lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize', loginAppId: '1650000000', liffId: null, lineStandIn: false },
    navigateAway: () => undefined,
    now: () => Date.UTC(2026, 10, 22, 1, 0, 0),
    inLiff: false,
    ...overrides,
    api,
  };
}

/** A signed-in citizen (山田, U1) for tests that need a session. */
export const TEST_SESSION: Session = { idToken: 'id', accessToken: 'access', refreshToken: '', profile: { userId: 'U1', displayName: '山田' }, userId: 'U1' };

/** A test's store: the app's, with the data layer (RTK Query) in it from the start. */
export type TestStore = Omit<AppStore, 'getState'> & { getState: () => RootStateWithApi };

/**
 * The app's store for a test (tests of features and flows, which may not import src/app), with the
 * data layer attached, as the app's routes attach it before any screen that reads server data.
 */
export function makeTestStore(services: AppServices = testServices(), preloadedState?: Partial<RootState>): TestStore {
  const store = makeStore(services, preloadedState);
  attachDataLayer(store, apiSliceModule);
  return store as TestStore;
}

/** Renders routes at `path` inside the app's providers; returns the store, router and services. */
export function renderWithProviders(
  routes: RouteObject[],
  options: { path: string; services?: AppServices; preloadedState?: Partial<RootState> },
): { store: TestStore; router: ReturnType<typeof createMemoryRouter>; services: AppServices; view: ReturnType<typeof render> } {
  const services = options.services ?? testServices();
  const store = makeTestStore(services, options.preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const tree: ReactNode = (
    <AppProviders store={store} services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { store, router, services, view: render(tree) };
}

/**
 * Opens the whole app at `path` (its real routes, lazy screens and toasts), signed in as
 * TEST_SESSION: for tests of flows that cross screens. Returns the router and the store.
 */
export function openSignedInApp(path: string, services: AppServices): { router: ReturnType<typeof createMemoryRouter>; store: TestStore } {
  const store = makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  render(
    <AppProviders store={store} services={services}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </AppProviders>,
  );
  return { router, store };
}
