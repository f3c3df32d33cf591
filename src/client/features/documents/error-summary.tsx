import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import type { MissingInformation } from './document-form';

const StyledErrorBox = styled.div`
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.typography.size.sm};

  p {
    margin: 0;
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  ul {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    padding-left: 1.25rem;
  }
  a {
    color: inherit;
    text-decoration: underline;
  }
  &:focus {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export interface ErrorSummaryProps {
  /** Heading line; without it the first message is the heading. */
  intro?: string;
  messages: string[];
  /** What is missing, each with a link to where it is filled in (a refused issue). */
  missing?: MissingInformation[];
}

/**
 * A link to where a missing piece of information is filled in (`/profile#siret`, `/contacts/12#siren`):
 * in a new tab, so that the document being typed stays as it is in this one (issue 28).
 */
function MissingLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> (nouvel onglet)</VisuallyHidden>
    </Link>
  );
}

/**
 * Errors of a refused save, focused when shown so that keyboard and screen reader users land on
 * them (keyed per attempt by the caller: each refused save shows, and focuses, a new summary).
 */
export function ErrorSummary({ intro, messages, missing = [] }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const list = intro ? messages : messages.slice(1);
  return (
    <StyledErrorBox ref={ref} role="alert" tabIndex={-1}>
      <p>{intro ?? messages[0]}</p>
      {list.length + missing.length > 0 && (
        <ul>
          {list.map((message) => (
            <li key={message}>{message}</li>
          ))}
          {missing.map((item) => (
            <li key={`${item.message}-${item.link}`}>{item.link ? <MissingLink to={item.link}>{item.message}</MissingLink> : item.message}</li>
          ))}
        </ul>
      )}
    </StyledErrorBox>
  );
}
