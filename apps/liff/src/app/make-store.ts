import { configureStore } from '@reduxjs/toolkit';
import { dataLayerSlot } from '../store/data-layer.js';
import type { AppStore, RootState } from '../store/root-reducer.js';
import { rootReducer } from '../store/root-reducer.js';
import type { AppServices } from '../store/services.js';

/**
 * The one store of the app (spec section 3's client state): the shared slices, the slices features
 * and flows inject, and RTK Query's cache once a screen loads it (store/data-layer.ts); thunks and
 * queries get the services as their extra argument.
 */
export function makeStore(services: AppServices, preloadedState?: Partial<RootState>): AppStore {
  const dataLayer = dataLayerSlot();
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: services } }).concat(dataLayer.middleware),
  });
  dataLayer.register(store);
  return store;
}
