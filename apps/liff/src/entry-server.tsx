// The server's side of the first screen (issue 31): apps/server imports this module from the build
// (dist/.vite/ssr/entry-server.js) and renders, for a path the app lets it (first-screen.ts), the
// same tree the app hydrates: the providers, the root layout and the screen, with no session.
// Nothing here reads a citizen's data; the screen's own effects (none run on the server) do that.
import type { RuntimeConfig } from '@city/api-client';
import { createApiClient, readIntegrationSettings } from '@city/api-client';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isServerRendered } from './app/first-screen.js';
import { makeStore } from './app/make-store.js';
import { AppProviders } from './app/providers.js';
import { appRoutes } from './app/router.js';
import { memoryStorage } from './lib/memory-storage.js';
import type { AppServices } from './store/services.js';

/**
 * The first screen of `url` (absolute: the page's address) as HTML to put inside `#root`, or
 * undefined for a path the server does not render (the app renders it on the client).
 */
export async function renderFirstScreen(input: { url: string; runtime: RuntimeConfig }): Promise<string | undefined> {
  const url = new URL(input.url);
  if (!isServerRendered(url.pathname)) return undefined;
  const origin = url.origin;
  const services: AppServices = {
    api: createApiClient({ baseUrl: origin, getIdToken: () => null }),
    // Session storage on the server: empty, and nothing written to it lasts past the render.
    storage: memoryStorage(),
    // What the app reads on a phone with no overrides stored (config/env.ts's readSettings).
    settings: readIntegrationSettings(null, { apiBaseUrl: origin, loginAppId: input.runtime.loginAppId, webUrl: origin }),
    runtime: input.runtime,
    navigateAway: () => undefined,
    now: () => Date.now(),
    inLiff: false,
  };
  const store = makeStore(services);
  const handler = createStaticHandler(appRoutes(store));
  const context = await handler.query(new Request(url));
  // A redirect (or any response the routes answer with), or a route that failed (its code not
  // loaded: an error screen with a stack is no first screen): the app handles it on the client.
  if (context instanceof Response || context.errors !== null || context.statusCode !== 200) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders store={store} services={services}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
