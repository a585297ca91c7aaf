import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'outlined' | 'text';

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 36px;
  padding: 6px 16px;
  border-radius: ${({ theme }) => theme.radius.small}px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid transparent;
  text-decoration: none;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${({ theme, $variant = 'primary' }) => {
    if ($variant === 'primary')
      return css`
        background: ${theme.colors.accent};
        color: ${theme.colors.onAccent};
        &:hover:not(:disabled) {
          background: ${theme.colors.accentHover};
        }
      `;
    if ($variant === 'outlined')
      return css`
        background: transparent;
        color: ${theme.colors.accent};
        border-color: ${theme.colors.accent};
      `;
    return css`
      background: transparent;
      color: ${theme.colors.accent};
      padding: 6px 8px;
    `;
  }}
`;

/** A square button holding only an icon; give it an aria-label. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;
