import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { UserSettings } from '@blogstream/shared/contract';

const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserSettings: build.query<UserSettings, void>({
      query: () => endpointRequest('getUserSettings', { body: {} }),
      providesTags: ['Settings'],
    }),
    saveUserSettings: build.mutation<UserSettings, UserSettings>({
      query: (settings) => endpointRequest('saveUserSettings', { body: { settings } }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetUserSettingsQuery, useSaveUserSettingsMutation } = settingsApi;
