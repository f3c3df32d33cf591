import { api } from '@/client/app/api';
import type { TokenPair } from '@/client/app/session/session.slice';
import type { DetailResponse, LoginRequest, RegisterRequest, ResetConfirmBody } from '@/shared/contracts/auth';

export type { DetailResponse, LoginRequest, RegisterRequest } from '@/shared/contracts/auth';

/** The reset link's parts (the path) and the new password (the body). */
export type ResetConfirmRequest = LinkParams & ResetConfirmBody;

export interface LinkParams {
  uidb64: string;
  token: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPair, LoginRequest>({
      query: (body) => ({ url: 'token/', method: 'POST', data: body }),
    }),
    register: build.mutation<DetailResponse, RegisterRequest>({
      query: (body) => ({ url: 'register/', method: 'POST', data: body }),
    }),
    requestPasswordReset: build.mutation<DetailResponse, { email: string }>({
      query: (body) => ({ url: 'reset-password/', method: 'POST', data: body }),
    }),
    confirmPasswordReset: build.mutation<DetailResponse, ResetConfirmRequest>({
      query: ({ uidb64, token, password, password2 }) => ({
        url: `reset-password-confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
        method: 'POST',
        data: { password, password2 },
      }),
    }),
    /** The link sent to a new address: applies the e-mail change (signed in or not). */
    confirmEmailChange: build.mutation<DetailResponse & { email: string }, LinkParams>({
      query: ({ uidb64, token }) => ({
        url: `confirm-email/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
        method: 'POST',
      }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useConfirmEmailChangeMutation,
} = authApi;
