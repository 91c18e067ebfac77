// RTK Query's cache and the app's API calls (api-slice.ts, with @reduxjs/toolkit/query and its
// React hooks: about 15 KiB gzip), and the API client's code beside them, arrive with the first
// screen that asks the server for data, not with the app (issue 31): the login screen and a
// server-rendered first screen never wait for them.
import { createAction, createDynamicMiddleware } from '@reduxjs/toolkit';
import { loadApiClientCode } from '../lib/lazy-api-client.js';
import type * as ApiSliceModule from './api-slice.js';
import type { AppStore } from './root-reducer.js';
import { rootReducer } from './root-reducer.js';

const newSlot = () => createDynamicMiddleware();
type DataLayerSlot = ReturnType<typeof newSlot>;

/** Each store's own slot in its middleware chain for RTK Query's middleware (app/make-store.ts). */
const slots = new WeakMap<AppStore, DataLayerSlot>();

/**
 * A slot for the data layer's middleware, for a store about to be made: its `middleware` goes in
 * the store's chain, and `register` ties it to the store once made. One per store, never shared:
 * a shared one would hold on to every store it ever served (the server renders a store a page).
 */
export function dataLayerSlot(): { middleware: DataLayerSlot['middleware']; register: (store: AppStore) => void } {
  const slot = newSlot();
  return {
    middleware: slot.middleware,
    register: (store) => {
      slots.set(store, slot);
    },
  };
}

/** Dispatched once the layer is in a store, so the store's state holds its cache from then on. */
const dataLayerAttached = createAction('dataLayer/attached');

/** Puts the loaded layer in `store`: its reducer in the root reducer, its middleware in the store's slot. */
export function attachDataLayer(store: AppStore, { apiSlice }: typeof ApiSliceModule): void {
  const slot = slots.get(store);
  if (slot === undefined) throw new Error('The data layer goes only into a store made by makeStore.');
  rootReducer.inject(apiSlice);
  slot.addMiddleware(apiSlice.middleware);
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
