/** The login dialog's modes (spec §2) and where Back leads (spec §4: to start). */
export type LoginMode =
  | 'start'
  | 'signUpMenu'
  | 'signInWithEmail'
  | 'forgotPassword'
  | 'forgotPasswordSuccess'
  | 'signUpWithEmail'
  | 'signUpWithEmailSuccess';

export type ChangeMode = (mode: LoginMode) => void;
