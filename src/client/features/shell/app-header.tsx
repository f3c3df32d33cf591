import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { Button, ButtonLink } from '@/client/ui/button';
import { IconClose, IconDashboard, IconLogo, IconLogout, IconMenu, IconMoon, IconSearch, IconSun, IconUser } from '@/client/ui/icons';
import { media } from '@/client/ui/theme';
import { useMediaQuery } from '@/client/ui/use-media-query';
import { useGetProfileQuery } from '../profile';
import { GlobalSearch } from '../search';
import { selectIsAuthenticated, selectUsername } from '@/client/app/session/session.slice';
import { selectThemeMode, themeToggled } from '../theme';
import { RunningTimer } from '../time';
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

/** Shown on phones only, where they replace the sidebar and the search field. */
const StyledPhoneOnly = styled.div`
  display: none;
  flex: none;

  ${media.below('sm')} {
    display: flex;
  }
`;

/** Buttons a phone's header has no room for (the menu has the same link). */
const StyledWideOnly = styled.div`
  display: contents;

  ${media.below('sm')} {
    display: none;
  }
`;

/** The search field; on a phone, hidden until its icon opens it over the whole header. */
const StyledSearchSlot = styled.div<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  flex: 1 1 auto;
  min-width: 0;
  max-width: 420px;

  ${media.below('sm')} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    max-width: none;
    position: absolute;
    inset: 0;
    z-index: 1;
    padding: 0 ${({ theme }) => theme.spacing.sm};
    background: ${({ theme }) => theme.colors.headerBg};

    form {
      max-width: none;
    }
  }
`;

/** Who the header greets: the profile's first name, else its company, else the e-mail address. */
export function greetingName(profile: { first_name?: string; company_name?: string } | undefined, username: string) {
  return profile?.first_name?.trim() || profile?.company_name?.trim() || username;
}

export interface AppHeaderProps {
  /** The phone's off-canvas menu (signed in, with a sidebar): its state and the nav it controls. */
  menu?: { open: boolean; controls: string; onToggle: () => void };
}

/** Top header per SPEC 2 "Shell"; rendered on every page except the landing page. */
export function AppHeader({ menu }: AppHeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const username = useAppSelector(selectUsername);
  // Phones show neither the greeting nor, until its icon is pressed, the search: no profile request,
  // no search field to render while the app starts there.
  const narrow = useMediaQuery(media.query.below('md'));
  const phone = useMediaQuery(media.query.below('sm'));
  const { data: profile } = useGetProfileQuery(undefined, { skip: !isAuthenticated || narrow });
  const mode = useAppSelector(selectThemeMode);
  const showTools = isAuthenticated && areHeaderToolsVisible(pathname);

  // Phone: the search opens over the header, closes on Escape, its button or any navigation.
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  const searchOpen = searchOpenAt === pathname;
  const searchSlotRef = useRef<HTMLDivElement>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (searchOpen) searchSlotRef.current?.querySelector('input')?.focus();
  }, [searchOpen]);
  const closeSearch = () => {
    setSearchOpenAt(null);
    searchButtonRef.current?.focus();
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The field uses Escape first (close its list, then clear it); a third one closes the search.
    if (searchOpen && event.key === 'Escape' && !event.defaultPrevented) closeSearch();
  };

  // Through /logout (app/router.tsx): a form with unsaved changes asks first (issue 28).
  const onLogout = () => navigate('/logout');

  return (
    <StyledHeader inert={menu?.open}>
      {menu && (
        <StyledPhoneOnly>
          <Button
            variant="ghost"
            iconOnly
            aria-label="Menu"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            title="Menu"
            onClick={menu.onToggle}
          >
            <IconMenu />
          </Button>
        </StyledPhoneOnly>
      )}
      <StyledLogo to="/" aria-label="Carnet, page d'accueil">
        <IconLogo size={26} />
        <StyledLogoText>Carnet</StyledLogoText>
      </StyledLogo>

      {showTools ? (
        <StyledTools>
          <StyledSearchSlot ref={searchSlotRef} $open={searchOpen} onKeyDown={onSearchKeyDown}>
            {(!phone || searchOpen) && <GlobalSearch />}
            {searchOpen && (
              <Button variant="ghost" iconOnly aria-label="Fermer la recherche" title="Fermer la recherche" onClick={closeSearch}>
                <IconClose />
              </Button>
            )}
          </StyledSearchSlot>
          <StyledPhoneOnly>
            <Button
              ref={searchButtonRef}
              variant="ghost"
              iconOnly
              aria-label="Rechercher"
              aria-expanded={searchOpen}
              title="Rechercher"
              onClick={() => setSearchOpenAt(pathname)}
            >
              <IconSearch />
            </Button>
          </StyledPhoneOnly>
          <NewMenu />
        </StyledTools>
      ) : (
        <StyledSpacer />
      )}

      <StyledActions>
        {isAuthenticated && <RunningTimer />}
        {isAuthenticated && !narrow && <StyledWelcome>Bienvenue, {greetingName(profile, username)}</StyledWelcome>}
        {isAuthenticated && pathname !== '/dashboard' && (
          <StyledWideOnly>
            <ButtonLink to="/dashboard" variant="ghost" iconOnly aria-label="Vue d'ensemble" title="Tableau de bord">
              <IconDashboard />
            </ButtonLink>
          </StyledWideOnly>
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
