import styled from 'styled-components';
import { ButtonLink } from '@/client/ui/button';
import { AuthLayout } from './auth-layout';

const StyledText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledActions = styled.div`
  margin-top: ${({ theme }) => theme.spacing.xl};
`;

/** /activation-success (the server's activation link redirects here). */
export function ActivationSuccessPage() {
  return (
    <AuthLayout title="Compte activé avec succès !">
      <StyledText>Votre compte est maintenant activé. Vous pouvez vous connecter et commencer à utiliser Carnet.</StyledText>
      <StyledActions>
        <ButtonLink to="/login" variant="primary" block>
          Se connecter
        </ButtonLink>
      </StyledActions>
    </AuthLayout>
  );
}

/** /activation-failed: invalid, used or expired activation link. */
export function ActivationFailedPage() {
  return (
    <AuthLayout title="Échec de l'activation du compte">
      <StyledText>Le lien d'activation est invalide ou a expiré...</StyledText>
      <StyledText>Veuillez vous inscrire à nouveau ou contacter le support.</StyledText>
      <StyledActions>
        <ButtonLink to="/login" state={{ mode: 'register' }} variant="primary" block>
          Réessayer l'inscription
        </ButtonLink>
      </StyledActions>
    </AuthLayout>
  );
}
