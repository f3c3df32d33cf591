import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { IconChevronDown, IconPlus } from '@/client/ui/icons';

export const NEW_MENU_ITEMS = [
  { label: 'Contact', to: '/contacts/new' },
  { label: 'Projet', to: '/projects/new' },
  { label: 'Devis', to: '/quotes/new' },
  { label: 'Facture', to: '/invoices/new' },
] as const;

const StyledMenuWrap = styled.div`
  position: relative;
  flex: none;
`;

const StyledMenu = styled.ul`
  position: absolute;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  top: calc(100% + 6px);
  right: 0;
  min-width: 180px;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const StyledMenuItem = styled(Link)`
  display: block;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-size: ${({ theme }) => theme.typography.size.sm};

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
`;

const StyledButtonText = styled.span`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/**
 * 'Nouveau' creation menu (menu-button pattern): opens with click, Enter, Space or the
 * arrow keys; arrows/Home/End move between items; Escape or an outside click closes it.
 */
export function NewMenu() {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(NEW_MENU_ITEMS.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = NEW_MENU_ITEMS.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  };

  return (
    <StyledMenuWrap ref={wrapRef}>
      <Button
        ref={buttonRef}
        id={buttonId}
        variant="primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <IconPlus size={18} />
        <StyledButtonText>Nouveau</StyledButtonText>
        <IconChevronDown size={16} />
      </Button>
      {open && (
        <StyledMenu id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
          {NEW_MENU_ITEMS.map((item, index) => (
            <li key={item.to} role="none">
              <StyledMenuItem
                ref={(node: HTMLAnchorElement | null) => {
                  itemRefs.current[index] = node;
                }}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </StyledMenuItem>
            </li>
          ))}
        </StyledMenu>
      )}
    </StyledMenuWrap>
  );
}
