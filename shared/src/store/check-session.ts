import { baseApi } from '@blogstream/shared/api';
import { signedIn, signedOut } from './session-slice.js';
import type { AppStore } from './make-store.js';

/**
 * Asks the server who is signed in. A user with an e-mail means signed in; an empty answer or
 * any failure means signed out (spec §4, §8). Only an answer naming a user is validated.
 */
export async function checkSession(store: AppStore): Promise<void> {
  const request = store.dispatch(
    baseApi.endpoints.checkLoggedIn.initiate(undefined, { forceRefetch: true }),
  );
  try {
    const { data } = await request;
    const user = data?.email
      ? (await import('./user-data-schema.js')).userDataSchema.safeParse(data)
      : null;
    if (user?.success && user.data.email) {
      const ssoProvider = data?.ssoProvider === 'google' ? 'google' : null;
      store.dispatch(signedIn({ user: user.data, ssoProvider }));
    } else {
      store.dispatch(signedOut());
    }
  } finally {
    request.unsubscribe();
  }
}
