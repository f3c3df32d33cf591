import { api } from '../../app/api';
import type { LegalForm } from '../../../shared/profile';
import type { VatRegime } from '../../../shared/vat';

export interface Profile {
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  business_type: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  phone: string;
  website: string;
  siret: string;
  vat_number: string;
  legal_notice: string;
  signature_notice: string;
  vat_regime: VatRegime;
  /** Option pour le paiement de la TVA d'après les débits; always false in the franchise. */
  vat_on_debits: boolean;
  /** Compact, upper case: the page groups it by four. */
  iban: string;
  bic: string;
  legal_form: LegalForm | '';
  /** Euros; null when not stated. */
  share_capital: number | null;
  /** 'RCS Lyon 123 456 789'. */
  registration: string;
  /** A new address waiting for the link sent to it to be followed; `email` changes only then. */
  pending_email: string | null;
}

/**
 * PUT profile/ body: the profile fields, plus `password` only when a new one is set, and
 * `current_password` only with a new password or e-mail (the server requires it then).
 */
export type ProfileUpdate = Omit<Profile, 'pending_email'> & { password?: string; current_password?: string };

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
