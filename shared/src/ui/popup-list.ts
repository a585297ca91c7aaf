import { css } from 'styled-components';

/** A dropdown's list (a menu's, a select's): a raised panel over the page. */
export const popupList = css`
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radius.small}px;
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  z-index: 1400;
`;

/** One entry of a dropdown's list, marked while the pointer or the keyboard is on it. */
export const popupItem = css`
  padding: 8px 16px;
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.surface};
  }
`;
