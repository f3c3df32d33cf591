import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, ButtonLink } from '../../ui/button';
import { IconDashboard, IconLogo, IconLogout, IconMoon, IconSun, IconUser } from '../../ui/icons';
import { GlobalSearch } from '../search';
import { selectIsAuthenticated, selectUsername } from '../../app/session/session.slice';
import { logout } from '../../app/session/session.thunks';
import { selectThemeMode, themeToggled } from '../theme';
import { NewMenu } from './new-menu';
import { areHeaderToolsVisible } from './route-rules';

const StyledHeader = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  height: ${({ theme }) => theme.layout.headerHeight};
  padding: 0 ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.headerBg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    gap: ${({ theme }) => theme.spacing.xs};
    padding: 0 ${({ theme }) => theme.spacing.sm};
  }
`;

const StyledLogo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  flex: none;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.lg};
  font-weight: ${({ theme }) => theme.typography.weight.bold};
  text-decoration: none;

  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledLogoText = styled.span`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    display: none;
  }
`;

const StyledTools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  flex: 1 1 auto;
  min-width: 0;
`;

const StyledSpacer = styled.div`
  flex: 1 1 auto;
`;

const StyledActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  flex: none;
`;

const StyledWelcome = styled.p`
  margin: 0 ${({ theme }) => theme.spacing.sm} 0 0;
  max-width: 260px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};

  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    display: none;
  }
`;

/** Text that stays the accessible name but is only visible from the md breakpoint. */
const StyledResponsiveText = styled.span`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** Top header per SPEC 2 "Shell"; rendered on every page except the landing page. */
export function AppHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const username = useAppSelector(selectUsername);
  const mode = useAppSelector(selectThemeMode);
  const showTools = isAuthenticated && areHeaderToolsVisible(pathname);

  const onLogout = async () => {
    await dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <StyledHeader>
      <StyledLogo to="/" aria-label="Carnet, page d'accueil">
        <IconLogo size={26} />
        <StyledLogoText>Carnet</StyledLogoText>
      </StyledLogo>

      {showTools ? (
        <StyledTools>
          <GlobalSearch />
          <NewMenu />
        </StyledTools>
      ) : (
        <StyledSpacer />
      )}

      <StyledActions>
        {isAuthenticated && <StyledWelcome>Bienvenue, {username}</StyledWelcome>}
        {isAuthenticated && pathname !== '/dashboard' && (
          <ButtonLink to="/dashboard" variant="ghost" iconOnly aria-label="Vue d'ensemble" title="Tableau de bord">
            <IconDashboard />
          </ButtonLink>
        )}
        {isAuthenticated && pathname !== '/profile' && (
          <ButtonLink to="/profile" variant="ghost" iconOnly aria-label="Mon profil" title="Mon profil">
            <IconUser />
          </ButtonLink>
        )}
        <Button
          variant="ghost"
          iconOnly
          aria-label="Mode sombre"
          aria-pressed={mode === 'dark'}
          title={mode === 'dark' ? 'Passer au thème clair' : 'Passer au thème sombre'}
          onClick={() => dispatch(themeToggled())}
        >
          {mode === 'dark' ? <IconSun /> : <IconMoon />}
        </Button>
        {isAuthenticated ? (
          <Button variant="secondary" onClick={onLogout}>
            <IconLogout size={18} />
            <StyledResponsiveText>Déconnexion</StyledResponsiveText>
          </Button>
        ) : (
          pathname !== '/login' && (
            <ButtonLink to="/login" variant="primary">
              Connexion
            </ButtonLink>
          )
        )}
      </StyledActions>
    </StyledHeader>
  );
}
