import styled from 'styled-components';
import { useAppSelector } from '@/client/app/hooks';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { ButtonLink } from '@/client/ui/button';
import { selectIsAuthenticated } from '@/client/app/session/session.slice';

const StyledNotFound = styled.div`
  max-width: 560px;
  margin: ${({ theme }) => theme.spacing.xxxl} auto;
  text-align: center;

  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.spacing.xl};
  }
`;

export function NotFoundPage() {
  useDocumentTitle('Page non trouvée');
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return (
    <StyledNotFound>
      <h1>404 - Page non trouvée</h1>
      <p>La page que vous cherchez n'existe pas.</p>
      <ButtonLink to={isAuthenticated ? '/dashboard' : '/'} variant="primary">
        {isAuthenticated ? 'Retour au tableau de bord' : "Retour à l'accueil"}
      </ButtonLink>
    </StyledNotFound>
  );
}
