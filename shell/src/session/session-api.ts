import { baseApi, callEndpoint, endpointRequest } from '@blogstream/shared/api';
import type {
  ForgotPasswordRequest,
  OkResponse,
  SignInRequest,
  SignUpRequest,
  SsoGoogleRequest,
  SsoGoogleResponse,
  UserData,
} from '@blogstream/shared/contract';

/** Calls only the shell makes: signing in and up, password recovery, the unseen flag. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInWithEmail: build.mutation<UserData, SignInRequest>({
      query: (body) => endpointRequest('signIn', { body }),
    }),
    signUpWithEmail: build.mutation<OkResponse, SignUpRequest>({
      query: (body) => endpointRequest('signUp', { body }),
    }),
    forgotPassword: build.mutation<OkResponse, ForgotPasswordRequest>({
      query: (body) => endpointRequest('forgotPassword', { body }),
    }),
    ssoGoogle: build.mutation<SsoGoogleResponse, SsoGoogleRequest>({
      query: (body) => endpointRequest('signInWithGoogle', { body }),
    }),
    checkSubscriptionsUnseen: build.mutation<boolean, void>({
      query: () => endpointRequest('checkSubscriptionsUnseen', { body: {} }),
    }),
  }),
});

export const {
  useSignInWithEmailMutation,
  useSignUpWithEmailMutation,
  useForgotPasswordMutation,
  useSsoGoogleMutation,
  useCheckSubscriptionsUnseenMutation,
} = sessionApi;

/** Ends the session on the server; outside RTK Query, as the page is loaded afresh after it. */
export function signOutOnServer(): Promise<unknown> {
  return callEndpoint('signOut');
}

/** Counts a page view on the site's own counter (only when the operator turned analytics on). */
export function reportPageView(path: string): Promise<unknown> {
  return callEndpoint('pageView', { body: { path } });
}
