import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError, isNetworkError } from '@/client/app/api';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { selectIsAuthenticated, usernameChanged } from '@/client/app/session/session.slice';
import { ButtonLink } from '@/client/ui/button';
import { Spinner } from '@/client/ui/spinner';
import { useGetProfileQuery } from '../profile';
import { useConfirmEmailChangeMutation } from './auth.api';
import { AuthLayout } from './auth-layout';

export const CONFIRM_EMAIL_MESSAGES = {
  pendingTitle: 'Confirmation de votre adresse e-mail',
  pending: 'Confirmation en cours...',
  successTitle: 'Adresse e-mail modifiée',
  success: (email: string) => `Votre adresse e-mail a été modifiée. Utilisez désormais ${email} pour vous connecter.`,
  failedTitle: 'Échec de la confirmation',
  failedHint: 'Vous pouvez demander un nouveau lien en enregistrant à nouveau la nouvelle adresse dans votre profil.',
  fallback: 'Une erreur est survenue.',
  noResponse: 'Impossible de contacter le serveur.',
} as const;

const StyledText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledActions = styled.div`
  margin-top: ${({ theme }) => theme.spacing.xl};
`;

type Outcome = { email: string } | { error: string };

function failureMessage(error: unknown): string {
  if (isNetworkError(error)) return CONFIRM_EMAIL_MESSAGES.noResponse;
  const message = (asApiError(error)?.data as { error?: unknown } | undefined)?.error;
  return typeof message === 'string' ? message : CONFIRM_EMAIL_MESSAGES.fallback;
}

/**
 * /confirm-email/:uidb64/:token: the link sent to a new address. Opening it applies the change
 * (the API says when the link is invalid, used or expired); whoever is signed in here sees their
 * new address in the header.
 */
export function ConfirmEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [confirmEmail] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once, StrictMode's second run included: the link is single-use.
    if (sent.current) return;
    sent.current = true;
    confirmEmail({ uidb64, token })
      .unwrap()
      .then(({ email }) => setOutcome({ email }), (error: unknown) => setOutcome({ error: failureMessage(error) }));
  }, [confirmEmail, uidb64, token]);

  const confirmed = outcome !== null && 'email' in outcome;
  const { data: profile } = useGetProfileQuery(undefined, {
    skip: !(confirmed && isAuthenticated),
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    if (profile?.email) dispatch(usernameChanged(profile.email));
  }, [dispatch, profile?.email]);

  const next = isAuthenticated ? (
    <ButtonLink to="/profile" variant="primary" block>
      Retour au profil
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" variant="primary" block>
      Se connecter
    </ButtonLink>
  );

  if (!outcome) {
    return (
      <AuthLayout title={CONFIRM_EMAIL_MESSAGES.pendingTitle}>
        <Spinner label={CONFIRM_EMAIL_MESSAGES.pending} />
      </AuthLayout>
    );
  }
  if ('email' in outcome) {
    return (
      <AuthLayout title={CONFIRM_EMAIL_MESSAGES.successTitle}>
        <StyledText role="status">{CONFIRM_EMAIL_MESSAGES.success(outcome.email)}</StyledText>
        <StyledActions>{next}</StyledActions>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={CONFIRM_EMAIL_MESSAGES.failedTitle}>
      <StyledText role="alert">{outcome.error}</StyledText>
      <StyledText>{CONFIRM_EMAIL_MESSAGES.failedHint}</StyledText>
      <StyledActions>{next}</StyledActions>
    </AuthLayout>
  );
}
