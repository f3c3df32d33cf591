import styled from 'styled-components';
import { Button } from '../ui/button';

const StyledRouteError = styled.main`
  max-width: 560px;
  margin: ${({ theme }) => theme.spacing.xxxl} auto;
  padding: 0 ${({ theme }) => theme.spacing.lg};
  text-align: center;

  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.spacing.xl};
  }
`;

/**
 * What the data router shows when a page fails to render or its code cannot be downloaded (a new
 * version deployed meanwhile, the network gone): a French message and a reload, instead of the
 * router's default English error screen.
 */
export function RouteError() {
  return (
    <StyledRouteError>
      <h1>Une erreur inattendue s’est produite</h1>
      <p>La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, réessayez dans quelques instants.</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Recharger la page
      </Button>
    </StyledRouteError>
  );
}
