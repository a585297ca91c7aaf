import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SNACKBAR_DURATION_MS } from '@blogstream/shared/lib';

export type SnackbarSeverity = 'info' | 'success' | 'error';

export interface Snackbar {
  id: number;
  message: string;
  severity: SnackbarSeverity;
  durationMs: number;
}

export interface UiState {
  /** The login dialog is open (spec: showLoginToggle). */
  showLoginToggle: boolean;
  showTopicsDialog: boolean;
  userHasUnseenSubscriptions: boolean;
  /** Thin progress bar in the top bar. */
  appBarProgressActive: boolean;
  ftueTopicsPillsSelected: string[];
  snackbar: Snackbar | null;
}

const initialState: UiState = {
  showLoginToggle: false,
  showTopicsDialog: false,
  userHasUnseenSubscriptions: false,
  appBarProgressActive: false,
  ftueTopicsPillsSelected: [],
  snackbar: null,
};

let nextSnackbarId = 1;

/** Shared ui state. Actions are named as events so any remote may dispatch them. */
export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    loginDialogRequested(state) {
      state.showLoginToggle = true;
    },
    loginDialogClosed(state) {
      state.showLoginToggle = false;
    },
    topicsDialogRequested(state) {
      state.showTopicsDialog = true;
    },
    topicsDialogClosed(state) {
      state.showTopicsDialog = false;
    },
    unseenSubscriptionsChecked(state, action: PayloadAction<boolean>) {
      state.userHasUnseenSubscriptions = action.payload;
    },
    appBarProgressChanged(state, action: PayloadAction<boolean>) {
      state.appBarProgressActive = action.payload;
    },
    ftueTopicsPillsChanged(state, action: PayloadAction<string[]>) {
      state.ftueTopicsPillsSelected = action.payload;
    },
    snackbarShown: {
      reducer(state, action: PayloadAction<Snackbar>) {
        state.snackbar = action.payload;
      },
      prepare(message: string, options: { severity?: SnackbarSeverity; durationMs?: number } = {}) {
        return {
          payload: {
            id: nextSnackbarId++,
            message,
            severity: options.severity ?? 'info',
            durationMs: options.durationMs ?? SNACKBAR_DURATION_MS,
          },
        };
      },
    },
    snackbarDismissed(state, action: PayloadAction<number>) {
      if (state.snackbar?.id === action.payload) state.snackbar = null;
    },
  },
  selectors: {
    selectShowLoginToggle: (state) => state.showLoginToggle,
    selectShowTopicsDialog: (state) => state.showTopicsDialog,
    selectUserHasUnseenSubscriptions: (state) => state.userHasUnseenSubscriptions,
    selectAppBarProgressActive: (state) => state.appBarProgressActive,
    selectSnackbar: (state) => state.snackbar,
  },
});

export const {
  loginDialogRequested,
  loginDialogClosed,
  topicsDialogRequested,
  topicsDialogClosed,
  unseenSubscriptionsChecked,
  appBarProgressChanged,
  ftueTopicsPillsChanged,
  snackbarShown,
  snackbarDismissed,
} = uiSlice.actions;

export const {
  selectShowLoginToggle,
  selectShowTopicsDialog,
  selectUserHasUnseenSubscriptions,
  selectAppBarProgressActive,
  selectSnackbar,
} = uiSlice.selectors;
