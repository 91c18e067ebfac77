import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { combineSlices } from '@reduxjs/toolkit';
import type { AppServices } from './services.js';
import { sessionSlice } from './session-slice.js';
import { surveySlice } from './survey-slice.js';

/**
 * Slices that a feature or a flow injects when its screens load (`slice.injectInto(rootReducer)`).
 * Each declares itself here by declaration merging, so this layer never imports it:
 * `declare module '../../store/root-reducer.js' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }`
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/**
 * The shared state every feature uses: the session and the answer in progress. Server data (RTK
 * Query's cache, `api`) joins it when the first screen that reads it loads (data-layer.ts).
 */
export const rootReducer = combineSlices(sessionSlice, surveySlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Dispatch with thunks (their extra argument: the services), as app/make-store.ts builds it. */
export type AppDispatch = ThunkDispatch<RootState, AppServices, UnknownAction>;

/** The store as the shared layer knows it; app/make-store.ts's makeStore returns one. */
export type AppStore = Omit<Store<RootState>, 'dispatch'> & { dispatch: AppDispatch };
