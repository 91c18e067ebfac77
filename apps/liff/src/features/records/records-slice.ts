import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { apiSlice } from '../../store/api-slice.js';
import { rootReducer } from '../../store/root-reducer.js';
import type { PickedRecord } from '../../store/survey-slice.js';
import { recordSelected } from '../../store/survey-slice.js';

/** Which records the citizen has picked; the records themselves are server data (getRecords). */
export interface RecordsState {
  /** The record on the details screen, read live from the list it was picked in. */
  selectedRecordKey: PickedRecord | null;
  /** The record on the cancel confirmation screen (spec section 3: selectedValuesForCancel). */
  selectedValuesForCancel: PickedRecord | null;
}

const initialRecordsState: RecordsState = { selectedRecordKey: null, selectedValuesForCancel: null };

export const recordsSlice = createSlice({
  name: 'records',
  initialState: initialRecordsState,
  reducers: {
    cancelChosen(state, action: PayloadAction<PickedRecord>) {
      state.selectedValuesForCancel = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(recordSelected, (state, action) => {
        state.selectedRecordKey = action.payload;
      })
      .addMatcher(apiSlice.endpoints.cancelRecord.matchFulfilled, (state) => {
        state.selectedValuesForCancel = null;
      });
  },
  selectors: {
    selectSelectedRecordKey: (state) => state.selectedRecordKey,
    selectValuesForCancel: (state) => state.selectedValuesForCancel,
  },
});

declare module '../../store/root-reducer.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  export interface LazyLoadedSlices extends WithSlice<typeof recordsSlice> {}
}

/** In the store from the moment a records screen loads. */
const injectedRecordsSlice = recordsSlice.injectInto(rootReducer);

export const { cancelChosen } = recordsSlice.actions;

/**
 * The pick in a list: a shared action, which also ends an unfinished edit of the draft. Records
 * screens dispatch it from here, so that this slice is in the store before the first pick.
 */
export { recordSelected };
export const { selectSelectedRecordKey, selectValuesForCancel } = injectedRecordsSlice.selectors;
