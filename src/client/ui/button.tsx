import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyledButtonProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $block?: boolean;
  $iconOnly?: boolean;
}

const sizes = {
  sm: css`
    min-height: 32px;
    padding: 0 10px;
    font-size: ${({ theme }) => theme.typography.size.sm};
  `,
  md: css`
    min-height: 40px;
    padding: 0 16px;
    font-size: ${({ theme }) => theme.typography.size.sm};
  `,
  lg: css`
    min-height: 48px;
    padding: 0 22px;
    font-size: ${({ theme }) => theme.typography.size.md};
  `,
};

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryHover};
      border-color: ${({ theme }) => theme.colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerHover};
      border-color: ${({ theme }) => theme.colors.dangerHover};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
    }
  `,
};

export const buttonStyles = css<StyledButtonProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.transition}, border-color ${({ theme }) => theme.transition};
  ${({ $size }) => sizes[$size]}
  ${({ $variant }) => variants[$variant]}
  ${({ $block }) => ($block ? 'width: 100%;' : '')}
  ${({ $iconOnly }) => ($iconOnly ? 'padding: 0; aspect-ratio: 1; min-width: 40px;' : '')}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  svg {
    flex: none;
  }
`;

export const StyledButton = styled.button<StyledButtonProps>`
  ${buttonStyles}
`;

const StyledButtonLink = styled(Link)<StyledButtonProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Square button holding only an icon: give it an aria-label. */
  iconOnly?: boolean;
  children?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'md', block, iconOnly, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      $block={block}
      $iconOnly={iconOnly}
      {...rest}
    />
  );
});

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  iconOnly?: boolean;
}

/** A router link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'secondary', size = 'md', block, iconOnly, ...rest }: ButtonLinkProps) {
  return <StyledButtonLink $variant={variant} $size={size} $block={block} $iconOnly={iconOnly} {...rest} />;
}

const StyledButtonAnchor = styled.a<StyledButtonProps>`
  ${buttonStyles}
`;

export interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** A plain link that looks like a button: a file to download from a public URL (no session needed). */
export function ButtonAnchor({ variant = 'secondary', size = 'md', block, ...rest }: ButtonAnchorProps) {
  return <StyledButtonAnchor $variant={variant} $size={size} $block={block} {...rest} />;
}
