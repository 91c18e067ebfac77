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
  /**
   * True while a screen the server rendered is shown and hydrated (issue 31): the server knows no
   * citizen, so the screen renders as for anyone, and the session the app finds is taken after
   * (sessionChecked). Screens behind RequireSession show then, without what is the citizen's own.
   */
  awaitingSession: boolean;
}

/** The part of the root state this slice owns: what code outside the store's type may read. */
export interface SessionRoot {
  session: SessionState;
}

export const initialSessionState: SessionState = { authSession: null, lineUser: null, sessionProblem: null, awaitingSession: false };

/** The state a server-rendered first screen is rendered, and hydrated, with: nobody known yet. */
export const awaitingSessionState: SessionState = { ...initialSessionState, awaitingSession: true };

/** The state of a citizen signed in with this session (or of nobody signed in), with no problem. */
export function sessionStateFor(session: Session | null): SessionState {
  return session === null ? initialSessionState : { authSession: session, lineUser: session.profile, sessionProblem: null, awaitingSession: false };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(_state, action: PayloadAction<Session>) {
      return sessionStateFor(action.payload);
    },
    /**
     * The session the app found (or none), taken once a server-rendered first screen is being
     * hydrated: hydration itself reads the state the server rendered with (react-redux's
     * serverState), and the screen renders again with this.
     */
    sessionChecked(_state, action: PayloadAction<Session | null>) {
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
    selectAwaitingSession: (state) => state.awaitingSession,
  },
});

export const { signedIn, sessionChecked, sessionLost, signedOut } = sessionSlice.actions;
export const { selectSession, selectSessionProblem, selectAwaitingSession } = sessionSlice.selectors;
