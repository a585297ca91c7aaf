import type { BodyOf, ResponseOf } from '@blogstream/shared/contract';
import { baseApi } from './base-api.js';
import { endpointRequest } from './endpoint-request.js';

/** The reader's settings: the settings page edits them, the shell keeps the theme with them. */
export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserSettings: build.query<ResponseOf<'getUserSettings'>, void>({
      query: () => endpointRequest('getUserSettings', { body: {} }),
      providesTags: ['Settings'],
    }),
    /** Saves the settings it is given; the others keep their values. */
    saveUserSettings: build.mutation<
      ResponseOf<'saveUserSettings'>,
      BodyOf<'saveUserSettings'>['settings']
    >({
      query: (settings) => endpointRequest('saveUserSettings', { body: { settings } }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetUserSettingsQuery, useSaveUserSettingsMutation } = settingsApi;
