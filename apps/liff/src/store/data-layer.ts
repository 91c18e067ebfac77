// RTK Query's cache and the app's API calls (api-slice.ts, with @reduxjs/toolkit/query and its
// React hooks: about 15 KiB gzip), and the API client's code beside them, arrive with the first
// screen that asks the server for data, not with the app (issue 31): the login screen and a
// server-rendered first screen never wait for them.
import { createAction, createDynamicMiddleware } from '@reduxjs/toolkit';
import { loadApiClientCode } from '../lib/lazy-api-client.js';
import type * as ApiSliceModule from './api-slice.js';
import type { AppStore } from './root-reducer.js';
import { rootReducer } from './root-reducer.js';

/** In every store's middleware (app/make-store.ts): RTK Query's middleware joins it once loaded. */
export const dataLayerMiddleware = createDynamicMiddleware();

/** Dispatched once the layer is in a store, so the store's state holds its cache from then on. */
const dataLayerAttached = createAction('dataLayer/attached');

/** Puts the loaded layer in `store`: its reducer in the root reducer, its middleware in the chain. */
export function attachDataLayer(store: AppStore, { apiSlice }: typeof ApiSliceModule): void {
  rootReducer.inject(apiSlice);
  dataLayerMiddleware.addMiddleware(apiSlice.middleware);
  if (store.getState().api === undefined) store.dispatch(dataLayerAttached());
}

let loading: Promise<typeof ApiSliceModule> | undefined;

/**
 * Loads the layer (the first call downloads it; a failed download is asked for again next time)
 * and attaches it to `store`; with no store (code asked for before the store exists), loads only.
 */
export async function loadDataLayer(store: AppStore | null): Promise<typeof ApiSliceModule> {
  loading ??= import('./api-slice.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  // The client's code is asked for beside it: the screen's first call then waits for nothing more.
  const [module] = await Promise.all([loading, loadApiClientCode()]);
  if (store !== null) attachDataLayer(store, module);
  return module;
}
