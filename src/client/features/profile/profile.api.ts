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
    /** The logo's PNG as an object URL (issue 28), keyed by when it changed; freed with its cache entry. */
    getLogo: build.query<string, string>({
      query: () => ({ url: 'profile/logo/', responseType: 'blob', headers: { Accept: 'image/png' } }),
      transformResponse: (blob: Blob) => URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart], { type: 'image/png' })),
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
    /** Sends the file as it is (PNG, JPEG or SVG): the server checks and re-encodes it. */
    uploadLogo: build.mutation<{ logo_updated_at: string | null }, File>({
      query: (file) => ({ url: 'profile/logo/', method: 'PUT', data: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } }),
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.updateQueryData('getProfile', undefined, (profile) => ({ ...profile, logo_updated_at: data.logo_updated_at })));
        } catch {
          // errors are shown by the section
        }
      },
    }),
    deleteLogo: build.mutation<void, void>({
      query: () => ({ url: 'profile/logo/', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(profileApi.util.updateQueryData('getProfile', undefined, (profile) => ({ ...profile, logo_updated_at: null })));
        } catch {
          // errors are shown by the section
        }
      },
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

export const {
  useGetProfileQuery, useUpdateProfileMutation, useGetSessionsQuery, useEndSessionMutation, useGetLogoQuery, useUploadLogoMutation,
  useDeleteLogoMutation,
} = profileApi;
