import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { lookupSlice } from '../features/survey/lookup-slice.js';
import { surveySlice } from '../features/survey/survey-slice.js';
import type { AppServices } from './services.js';
import { sessionSlice } from './session-slice.js';

const rootReducer = combineSlices(sessionSlice, surveySlice, lookupSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The one store of the app (spec section 3's client state), with the services thunks use. */
export function makeStore(services: AppServices, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: services } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
