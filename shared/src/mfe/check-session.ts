import { baseApi } from '@blogstream/shared/api';
import { userDataSchema } from '@blogstream/shared/contract';
import { signedIn, signedOut, type AppStore } from '@blogstream/shared/store';

/**
 * Asks the server who is signed in. A user with an e-mail means signed in; an empty answer or
 * any failure means signed out (spec §4, §8).
 */
export async function checkSession(store: AppStore): Promise<void> {
  const request = store.dispatch(
    baseApi.endpoints.checkLoggedIn.initiate(undefined, { forceRefetch: true }),
  );
  try {
    const result = await request;
    const user = userDataSchema.safeParse(result.data);
    if (user.success && user.data.email) store.dispatch(signedIn({ user: user.data }));
    else store.dispatch(signedOut());
  } finally {
    request.unsubscribe();
  }
}
