import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '@/client/app/hooks';
import { Spinner } from '@/client/ui/spinner';
import { UnsavedChangesBoundary } from '@/client/kit/unsaved-changes-guard';
import { selectIsAuthenticated } from '@/client/app/session/session.slice';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { isHeaderVisible } from './route-rules';

const StyledShell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const StyledBody = styled.div`
  flex: 1 1 auto;
  display: flex;
  min-width: 0;
`;

const StyledMain = styled.main<{ $bare: boolean }>`
  flex: 1 1 auto;
  min-width: 0;
  padding: ${({ theme, $bare }) => ($bare ? '0' : `${theme.spacing.xl} ${theme.spacing.xl} ${theme.spacing.xxxl}`)};

  &:focus {
    outline: none;
  }

  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    padding: ${({ theme, $bare }) => ($bare ? '0' : `${theme.spacing.lg} ${theme.spacing.md} ${theme.spacing.xxl}`)};
  }
`;

const StyledSkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.spacing.sm};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};

  &:focus {
    top: ${({ theme }) => theme.spacing.sm};
  }
`;

/** Scrolls to the top on every navigation (SPEC 2 navigation rules). */
function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/** The phone's off-canvas menu: open or not (never persisted), closed by any navigation. */
function useOffCanvasMenu() {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const close = useCallback(() => setOpenAt(null), []);
  // The page behind does not scroll while the menu covers it.
  useEffect(() => {
    if (!open) return undefined;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);
  return { open, toggle: () => setOpenAt(open ? null : pathname), close };
}

/** Application frame: skip link, header, sidebar (signed in), and the routed page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  useScrollToTopOnNavigation();
  const headerVisible = isHeaderVisible(pathname);
  const withSidebar = headerVisible && isAuthenticated;
  const menu = useOffCanvasMenu();
  const navId = useId();

  return (
    <StyledShell>
      <StyledSkipLink href="#main">Aller au contenu principal</StyledSkipLink>
      {headerVisible && (
        <AppHeader menu={withSidebar ? { open: menu.open, controls: navId, onToggle: menu.toggle } : undefined} />
      )}
      <StyledBody>
        {withSidebar && <AppSidebar id={navId} menuOpen={menu.open} onMenuClose={menu.close} />}
        {/* Behind the open phone menu the page is out of reach (a modal's background). */}
        <StyledMain id="main" tabIndex={-1} $bare={!headerVisible} inert={menu.open}>
          <UnsavedChangesBoundary>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </UnsavedChangesBoundary>
        </StyledMain>
      </StyledBody>
    </StyledShell>
  );
}
