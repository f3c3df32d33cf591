import styled from 'styled-components';

/** Compact rows of the dashboard's lists (projects, tasks, activity). */
export const StyledDashboardList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const StyledDashboardRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  padding: ${({ theme }) => `${theme.spacing.md} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  &:first-child {
    border-top: none;
    padding-top: 0;
  }
  &:last-child {
    padding-bottom: 0;
  }
`;

export const StyledRowMain = styled.div`
  flex: 1 1 14rem;
  min-width: 0;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

export const StyledRowMeta = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const StyledRowSide = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const StyledDueLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;
