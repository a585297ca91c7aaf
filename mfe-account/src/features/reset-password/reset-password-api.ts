import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { OkResponse, ResetPasswordRequest } from '@blogstream/shared/contract';

/** Setting a new password with a reset link's token, a call only mfe-account makes. */
export const resetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<OkResponse, ResetPasswordRequest>({
      query: (body) => endpointRequest('resetPassword', { body }),
    }),
  }),
});
