import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import type { BadgeTone } from './theme';


export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

const StyledBadge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $tone }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone }) => theme.colors.badge[$tone].fg};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  line-height: 1.6;
  white-space: nowrap;
`;

/** Status / priority pill. Tone names match the SPEC colours. */
export function Badge({ tone = 'grey', ...rest }: BadgeProps) {
  return <StyledBadge $tone={tone} data-tone={tone} {...rest} />;
}
