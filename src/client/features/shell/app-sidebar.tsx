import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconContacts,
  IconCreditNote,
  IconDashboard,
  IconInvoices,
  IconProjects,
  IconQuotes,
  IconReports,
  IconTasks,
  type IconProps,
} from '../../ui/icons';
import { selectSidebarCollapsed, sidebarToggled } from './sidebar.slice';

export const SIDEBAR_ITEMS: readonly { label: string; to: string; Icon: ComponentType<IconProps> }[] = [
  { label: 'Tableau de bord', to: '/dashboard', Icon: IconDashboard },
  { label: 'Contacts', to: '/contacts', Icon: IconContacts },
  { label: 'Projets', to: '/projects', Icon: IconProjects },
  { label: 'Tâches', to: '/tasks', Icon: IconTasks },
  { label: 'Devis', to: '/quotes', Icon: IconQuotes },
  { label: 'Factures', to: '/invoices', Icon: IconInvoices },
  { label: 'Avoirs', to: '/credit-notes', Icon: IconCreditNote },
  { label: 'Rapports', to: '/reports', Icon: IconReports },
];

const StyledSlot = styled.div<{ $collapsed: boolean }>`
  position: relative;
  flex: none;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.sidebarCollapsed : theme.layout.sidebarExpanded)};
  background: ${({ theme }) => theme.colors.sidebarBg};
  transition: width ${({ theme }) => theme.transition};

  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    width: ${({ theme }) => theme.layout.sidebarCollapsed};
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

  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    ${({ $collapsed, theme }) =>
      $collapsed
        ? ''
        : `position: fixed; left: 0; z-index: ${theme.zIndex.dropdown}; box-shadow: ${theme.shadows.lg};`}
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

/** Main navigation; collapsed (icons only) by default, names kept for assistive tech. */
export function AppSidebar() {
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const dispatch = useAppDispatch();
  return (
    <StyledSlot $collapsed={collapsed}>
      <StyledNav aria-label="Navigation principale" $collapsed={collapsed} data-collapsed={collapsed}>
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
        <ul>
          {SIDEBAR_ITEMS.map(({ label, to, Icon }) => (
            <li key={to}>
              <StyledLink to={to} $collapsed={collapsed} title={collapsed ? label : undefined}>
                <Icon />
                {collapsed ? <StyledHiddenLabel>{label}</StyledHiddenLabel> : <span>{label}</span>}
              </StyledLink>
            </li>
          ))}
        </ul>
      </StyledNav>
    </StyledSlot>
  );
}
