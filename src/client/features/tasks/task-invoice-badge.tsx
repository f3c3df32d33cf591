import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TaskInvoiceRef } from '@/shared/contracts/tasks';
import { Badge } from '@/client/ui/badge';

const StyledLink = styled(Link)`
  text-decoration: none;

  &:hover span,
  &:focus-visible span {
    text-decoration: underline;
  }
`;

/** 'Facturée FAC-…' (or 'Facture brouillon') linking to the invoice that bills the task's time (issue 15). */
export function TaskInvoiceBadge({ invoice }: { invoice: TaskInvoiceRef | null | undefined }) {
  if (!invoice) return null;
  const label = invoice.invoice_number ? `Facturée ${invoice.invoice_number}` : 'Facture brouillon';
  return (
    <StyledLink to={`/invoices/${invoice.id}`} aria-label={`${label} : ouvrir la facture`}>
      <Badge tone={invoice.invoice_number ? 'green' : 'grey'}>{label}</Badge>
    </StyledLink>
  );
}
