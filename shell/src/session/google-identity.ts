/** Google Identity Services, loaded only when the operator configured a Google client id. */
interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential: string }) => void;
    nonce?: string;
  }): void;
  renderButton(
    container: HTMLElement,
    options: { text: 'signin_with' | 'signup_with'; width?: number },
  ): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | undefined;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google.accounts.id) : reject(new Error('No Google API'));
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.appendChild(script);
  });
  return loading;
}

/** Signing out of a Google session also stops Google from signing the reader in again. */
export function signOutOfGoogle(): void {
  window.google?.accounts.id.disableAutoSelect();
}
