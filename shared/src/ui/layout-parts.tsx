import styled from 'styled-components';

/** The row of buttons at the bottom of a dialog or form, right-aligned. */
export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 12px;
`;

/**
 * A bar floating at the bottom centre of the screen, over the page: the offline banner, the
 * toolbar of a selected passage.
 */
export const BottomBar = styled.div`
  position: fixed;
  left: 50%;
  bottom: 16px;
  transform: translateX(-50%);
  max-width: calc(100vw - 32px);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;

/** A form-level error message (the spec's error banners), announced as an alert. */
export const FormError = styled.p.attrs({ role: 'alert' })`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.small}px;
  color: ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;

/** A grid of link tiles: topics, related blogs, blogs to follow. */
export const LinkGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 8px;
  padding: 0;
  list-style: none;
  a {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small}px;
    text-decoration: none;
  }
  img {
    width: 28px;
    height: 28px;
    border-radius: 6px;
  }
`;

/** A row of pills (topics, genres) that scrolls sideways when it is wider than the page. */
export const PillRow = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  padding-bottom: 8px;
  margin-bottom: 16px;
`;

/** A rounded toggle button (topic pills); pressed pills take the given colour. */
export const Pill = styled.button<{ $pressedColor?: 'accent' | 'success' }>`
  flex: none;
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  font: inherit;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme, $pressedColor = 'accent' }) => theme.colors[$pressedColor]};
    border-color: ${({ theme, $pressedColor = 'accent' }) => theme.colors[$pressedColor]};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;
