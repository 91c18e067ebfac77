import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { combineSlices } from '@reduxjs/toolkit';
import { sessionSlice } from './session-slice.js';
import { staffApi } from './staff-api.js';

/**
 * Slices a feature injects when its screens load (`slice.injectInto(rootReducer)`), declared here
 * by declaration merging so this layer never imports the feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/** The shared state: the session and the staff API's cache. */
export const rootReducer = combineSlices(sessionSlice, staffApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = Omit<Store<RootState>, 'dispatch'> & { dispatch: AppDispatch };
