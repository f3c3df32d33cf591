import { useEffect, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { Button } from '@/client/ui/button';
import {
  IconCatalogue,
  IconInbox,
  IconChevronLeft,
  IconChevronRight,
  IconClose,
  IconContacts,
  IconCreditNote,
  IconDashboard,
  IconInvoices,
  IconProjects,
  IconQuotes,
  IconReports,
  IconTasks,
  IconClock,
  type IconProps,
} from '@/client/ui/icons';
import { trapTab, useModalFocus } from '@/client/ui/modal-focus';
import { media } from '@/client/ui/theme';
import { selectSidebarCollapsed, sidebarToggled } from './sidebar.slice';

export const SIDEBAR_ITEMS: readonly { label: string; to: string; Icon: ComponentType<IconProps> }[] = [
  { label: 'Tableau de bord', to: '/dashboard', Icon: IconDashboard },
  { label: 'Contacts', to: '/contacts', Icon: IconContacts },
  { label: 'Projets', to: '/projects', Icon: IconProjects },
  { label: 'Tâches', to: '/tasks', Icon: IconTasks },
  { label: 'Feuille de temps', to: '/timesheet', Icon: IconClock },
  { label: 'Devis', to: '/quotes', Icon: IconQuotes },
  { label: 'Factures', to: '/invoices', Icon: IconInvoices },
  { label: 'Avoirs', to: '/credit-notes', Icon: IconCreditNote },
  { label: 'Factures reçues', to: '/received-invoices', Icon: IconInbox },
  { label: 'Catalogue', to: '/catalogue', Icon: IconCatalogue },
  { label: 'Rapports', to: '/reports', Icon: IconReports },
];

const StyledSlot = styled.div<{ $collapsed: boolean }>`
  position: relative;
  flex: none;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.sidebarCollapsed : theme.layout.sidebarExpanded)};
  background: ${({ theme }) => theme.colors.sidebarBg};
  transition: width ${({ theme }) => theme.transition};

  ${media.below('sm')} {
    width: 0;
  }
`;

/** The phone's menu: a panel over the page, hidden until the header's button opens it. */
const StyledPanel = styled.div<{ $open: boolean }>`
  height: 100%;

  ${media.below('sm')} {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.zIndex.overlay};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const StyledNav = styled.nav<{ $collapsed: boolean }>`
  position: sticky;
  top: ${({ theme }) => theme.layout.headerHeight};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.sidebarCollapsed : theme.layout.sidebarExpanded)};
  height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  padding: ${({ theme }) => theme.spacing.sm};
  background: ${({ theme }) => theme.colors.sidebarBg};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  overflow-x: hidden;

  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  ${media.below('sm')} {
    position: absolute;
    top: 0;
    left: 0;
    width: min(280px, 85vw);
    height: 100%;
    box-shadow: ${({ theme }) => theme.shadows.lg};
  }
`;

const StyledToggle = styled.button<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-end')};
  min-height: 40px;
  padding: 0 12px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }

  ${media.below('sm')} {
    display: none;
  }
`;

const StyledPanelHead = styled.div`
  display: none;

  ${media.below('sm')} {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    padding-left: 12px;
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const StyledLink = styled(NavLink)<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.spacing.md};
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
  &.active {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.text};
  }
  &.active svg {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const StyledHiddenLabel = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export interface AppSidebarProps {
  /** Id of the navigation, for the header's menu button (aria-controls). */
  id: string;
  /** The phone's off-canvas menu is open (only the header's button, shown on narrow screens, opens it). */
  menuOpen: boolean;
  onMenuClose: () => void;
}

/**
 * Main navigation; collapsed (icons only) by default, names kept for assistive tech. On a phone
 * it is an off-canvas menu instead: a modal panel with the names, focus kept inside, closed by
 * Escape, the close button, a click beside it, a link or a wider window. The persisted collapsed
 * state is the desktop's and stays as it is.
 */
export function AppSidebar({ id, menuOpen, onMenuClose }: AppSidebarProps) {
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLDivElement>(null);
  const showNames = menuOpen || !collapsed;

  useModalFocus(menuOpen, panelRef);

  // Wider than a phone: the panel is the plain sidebar again, nothing left to close.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(media.query.below('sm'));
    const onChange = () => {
      if (!query.matches) onMenuClose();
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [menuOpen, onMenuClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!menuOpen) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onMenuClose();
      return;
    }
    trapTab(event, panelRef.current);
  };

  return (
    <StyledSlot $collapsed={collapsed}>
      <StyledPanel
        ref={panelRef}
        $open={menuOpen}
        {...(menuOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } : {})}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          if (menuOpen && event.target === event.currentTarget) onMenuClose();
        }}
      >
        <StyledNav id={id} aria-label="Navigation principale" $collapsed={!showNames} data-collapsed={collapsed}>
          {menuOpen && (
            <StyledPanelHead>
              <span aria-hidden="true">Menu</span>
              <Button variant="ghost" iconOnly aria-label="Fermer le menu" title="Fermer le menu" onClick={onMenuClose}>
                <IconClose />
              </Button>
            </StyledPanelHead>
          )}
          {!menuOpen && (
            <StyledToggle
              type="button"
              $collapsed={collapsed}
              aria-expanded={!collapsed}
              aria-label={collapsed ? 'Déplier le menu' : 'Replier le menu'}
              title={collapsed ? 'Déplier le menu' : 'Replier le menu'}
              onClick={() => dispatch(sidebarToggled())}
            >
              {collapsed ? <IconChevronRight /> : <IconChevronLeft />}
            </StyledToggle>
          )}
          <ul>
            {SIDEBAR_ITEMS.map(({ label, to, Icon }) => (
              <li key={to}>
                <StyledLink
                  to={to}
                  $collapsed={!showNames}
                  title={showNames ? undefined : label}
                  onClick={menuOpen ? onMenuClose : undefined}
                >
                  <Icon />
                  {showNames ? <span>{label}</span> : <StyledHiddenLabel>{label}</StyledHiddenLabel>}
                </StyledLink>
              </li>
            ))}
          </ul>
        </StyledNav>
      </StyledPanel>
    </StyledSlot>
  );
}
