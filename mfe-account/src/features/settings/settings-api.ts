import { baseApi } from '@blogstream/shared/api';
import type { UserSettings } from '@blogstream/shared/contract';

const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserSettings: build.query<UserSettings, void>({
      query: () => ({ url: '/get_user_settings', body: {} }),
      providesTags: ['Settings'],
    }),
    saveUserSettings: build.mutation<UserSettings, UserSettings>({
      query: (settings) => ({ url: '/save_user_settings', body: { settings } }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetUserSettingsQuery, useSaveUserSettingsMutation } = settingsApi;
