import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../lib/use-document-title';

export const StyledPage = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? '760px' : theme.layout.contentMaxWidth)};
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const StyledPageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};

  h1 {
    margin: 0;
  }
  p {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface PageProps {
  /** The page's single h1; also used for the document title unless documentTitle is given. */
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}

/** Standard page frame: one h1, optional description and actions, then content. */
export function Page({ title, documentTitle, description, actions, narrow, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <StyledPage $narrow={narrow}>
      <StyledPageHeader>
        <div>
          <h1>{title}</h1>
          {description && <p>{description}</p>}
        </div>
        {actions && <StyledActions>{actions}</StyledActions>}
      </StyledPageHeader>
      {children}
    </StyledPage>
  );
}
