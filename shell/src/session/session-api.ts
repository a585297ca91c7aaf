import { baseApi } from '@blogstream/shared/api';
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
      query: (body) => ({ url: '/signin_with_email', body }),
    }),
    signUpWithEmail: build.mutation<OkResponse, SignUpRequest>({
      query: (body) => ({ url: '/signup_with_email', body }),
    }),
    forgotPassword: build.mutation<OkResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/forgot_password', body }),
    }),
    ssoGoogle: build.mutation<SsoGoogleResponse, SsoGoogleRequest>({
      query: (body) => ({ url: '/sso_google', body }),
    }),
    checkSubscriptionsUnseen: build.mutation<boolean, void>({
      query: () => ({ url: '/check_subscriptions_unseen', body: {} }),
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
