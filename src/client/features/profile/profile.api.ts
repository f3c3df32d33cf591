import { api } from '@/client/app/api';
import type { ProfileJson, ProfileUpdateBody } from '@/shared/contracts/profile';
import type { ActiveSession } from '@/shared/contracts/auth';

/** GET profile/ and PUT profile/'s answer, and the PUT body (src/shared/profile.ts). */
export type Profile = ProfileJson;
export type ProfileUpdate = ProfileUpdateBody;

export type { ActiveSession } from '@/shared/contracts/auth';

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
      // The legal form decides whether the dashboard shows the URSSAF card.
      invalidatesTags: (result) => (result ? [{ type: 'Report', id: 'urssaf' }] : []),
    }),
    getSessions: build.query<ActiveSession[], void>({
      query: () => ({ url: 'sessions/' }),
      providesTags: [{ type: 'Session', id: 'LIST' }],
    }),
    /** Ends another session of the user: its device's next refresh fails. */
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `sessions/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'LIST' }],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useGetSessionsQuery, useEndSessionMutation } = profileApi;
