import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserData } from '@blogstream/shared/contract';

/** Signed in, signed out, or not known yet (before the first login check answers). */
export type LoggedIn = boolean | 'unknown';
export type SsoProvider = 'google' | null;

export interface SessionState {
  loggedIn: LoggedIn;
  ssoProvider: SsoProvider;
  userData: UserData | null;
}

const initialState: SessionState = { loggedIn: 'unknown', ssoProvider: null, userData: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: UserData; ssoProvider?: SsoProvider }>) {
      state.loggedIn = true;
      state.userData = action.payload.user;
      state.ssoProvider = action.payload.ssoProvider ?? null;
    },
    signedOut(state) {
      state.loggedIn = false;
      state.userData = null;
      state.ssoProvider = null;
    },
  },
  selectors: {
    selectLoggedIn: (state) => state.loggedIn,
    selectUserData: (state) => state.userData,
    selectSsoProvider: (state) => state.ssoProvider,
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const { selectLoggedIn, selectUserData, selectSsoProvider } = sessionSlice.selectors;
