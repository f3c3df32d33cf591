import { api } from '../../app/api';
import type { ProfileJson, ProfileUpdateBody } from '../../../shared/profile';

/** GET profile/ and PUT profile/'s answer, and the PUT body (src/shared/profile.ts). */
export type Profile = ProfileJson;
export type ProfileUpdate = ProfileUpdateBody;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => ({ url: 'profile/' }),
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<Profile, ProfileUpdate>({
      query: (body) => ({ url: 'profile/', method: 'PUT', data: body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // errors are shown by the page
        }
      },
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
