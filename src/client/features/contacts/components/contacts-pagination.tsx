import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { IconChevronLeft, IconChevronRight } from '@/client/ui/icons';

const StyledPagination = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
    min-width: 10ch;
    text-align: center;
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
`;

export interface ContactsPaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** SPEC 2: 'Page X sur Y' with previous / next. */
export function ContactsPagination({ page, pageCount, onPageChange }: ContactsPaginationProps) {
  return (
    <StyledPagination aria-label="Pagination des contacts">
      <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <IconChevronLeft size={16} />
        Précédent
      </Button>
      <p aria-live="polite">
        Page {page} sur {pageCount}
      </p>
      <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        Suivant
        <IconChevronRight size={16} />
      </Button>
    </StyledPagination>
  );
}
