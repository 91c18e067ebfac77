import { configureStore } from '@reduxjs/toolkit';
import type { AppStore, RootState } from './root-reducer.js';
import { rootReducer } from './root-reducer.js';
import { staffApi } from './staff-api.js';

/** The console's one store: the session and the staff API's cache. */
export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(staffApi.middleware),
  });
}
