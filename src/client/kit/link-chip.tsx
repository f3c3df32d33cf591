import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { IconClose } from '../ui/icons';

export const StyledChipList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledChip = styled.li`
  display: inline-flex;
  align-items: center;
  max-width: 100%;
  min-height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.typography.size.sm};

  a {
    padding: 4px 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    border-radius: ${({ theme }) => theme.radius.pill};
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

const StyledRemove = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  margin-right: 2px;
  margin-left: -6px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export interface LinkChipProps {
  to: string;
  label: string;
  /** Shows a remove button named `removeLabel`. */
  onRemove?: () => void;
  removeLabel?: string;
  disabled?: boolean;
}

/** A pill linking to a record (project or contact), optionally removable. Render inside StyledChipList. */
export function LinkChip({ to, label, onRemove, removeLabel, disabled }: LinkChipProps) {
  return (
    <StyledChip>
      <Link to={to} title={label}>
        {label}
      </Link>
      {onRemove && (
        <StyledRemove type="button" aria-label={removeLabel ?? `Retirer ${label}`} onClick={onRemove} disabled={disabled}>
          <IconClose size={14} />
        </StyledRemove>
      )}
    </StyledChip>
  );
}
