import type { StaffAction, StaffSession } from '@city/api-client/staff-contract';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

/**
 * Why the staff member is on the sign-in screen although they were signed in: the idle timeout
 * ended the session (`expired`), or the server no longer knows it (`required`).
 */
export type SessionEnd = 'expired' | 'required';

export interface SessionState {
  /** The staff member's session as the server last described it (any stage), or null. */
  session: StaffSession | null;
  /** Whether the server has been asked about the cookie since the page loaded. */
  checked: boolean;
  /** Set when a session ended under the staff member's hands; the sign-in screen says so. */
  ended: SessionEnd | null;
  /** When the last staff API call answered (ms): the idle timeout counts from it. */
  lastCallAt: number | null;
}

/** The part of the root state this slice owns: what the base query may read. */
export interface SessionRoot {
  session: SessionState;
}

export const initialSessionState: SessionState = { session: null, checked: false, ended: null, lastCallAt: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A session response (sign-in, second factor, the session itself). */
    sessionReceived(state, action: PayloadAction<StaffSession>) {
      state.session = action.payload;
      state.checked = true;
      if (action.payload.stage === 'signed_in') state.ended = null;
    },
    /** A 401 from the staff API: the session is gone. Only a session that existed can end. */
    sessionEnded(state, action: PayloadAction<SessionEnd>) {
      if (state.session !== null || action.payload === 'expired') state.ended = action.payload;
      state.session = null;
      state.checked = true;
    },
    signedOut() {
      return { ...initialSessionState, checked: true };
    },
    callAnswered(state, action: PayloadAction<number>) {
      state.lastCallAt = action.payload;
    },
  },
  selectors: {
    selectSession: (state) => state.session,
    selectSessionChecked: (state) => state.checked,
    selectSessionEnd: (state) => state.ended,
    selectLastCallAt: (state) => state.lastCallAt,
    selectCsrfToken: (state) => state.session?.csrfToken,
  },
});

export const { sessionReceived, sessionEnded, signedOut, callAnswered } = sessionSlice.actions;
export const { selectSession, selectSessionChecked, selectSessionEnd, selectLastCallAt, selectCsrfToken } = sessionSlice.selectors;

/** Whether the signed-in staff member may take the action (the server's table, as the session lists it). */
export function mayTake(session: StaffSession | null, action: StaffAction): boolean {
  return session?.stage === 'signed_in' && session.actions.includes(action);
}
