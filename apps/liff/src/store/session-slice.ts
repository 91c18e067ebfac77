import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { LineProfile, Session } from '../lib/session.js';

/** Why the citizen has to log in (again): shown with the countdown before the login screen. */
export type SessionProblem = 'notLoggedIn' | 'expired';

export interface SessionState {
  /** The signed-in citizen's LINE session (spec section 3: authSession). */
  authSession: Session | null;
  /** Their LINE profile (spec section 3: lineUser). */
  lineUser: LineProfile | null;
  sessionProblem: SessionProblem | null;
}

/** The part of the root state this slice owns: what code outside the store's type may read. */
export interface SessionRoot {
  session: SessionState;
}

export const initialSessionState: SessionState = { authSession: null, lineUser: null, sessionProblem: null };

/** The state of a citizen signed in with this session (or of nobody signed in), with no problem. */
export function sessionStateFor(session: Session | null): SessionState {
  return session === null ? initialSessionState : { authSession: session, lineUser: session.profile, sessionProblem: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(_state, action: PayloadAction<Session>) {
      return sessionStateFor(action.payload);
    },
    /** The first problem wins: a burst of 401s shows one notice. */
    sessionLost(state, action: PayloadAction<SessionProblem>) {
      state.sessionProblem ??= action.payload;
    },
    signedOut() {
      return initialSessionState;
    },
  },
  selectors: {
    selectSession: (state) => state.authSession,
    selectSessionProblem: (state) => state.sessionProblem,
  },
});

export const { signedIn, sessionLost, signedOut } = sessionSlice.actions;
export const { selectSession, selectSessionProblem } = sessionSlice.selectors;
