import { createGlobalStyle } from 'styled-components';
import { media } from '@blogstream/shared/ui';

/**
 * Places the remotes' containers beside the chrome: below the top bar, right of the drawer.
 * The content fills the first screen, so the footer starts below the fold and a remote's late
 * content never pushes it down in view (a layout shift).
 */
export const LayoutStyle = createGlobalStyle<{ $contentOffset: number }>`
  #app-content {
    min-height: 100vh;
    padding-top: ${({ theme }) => theme.layout.topBarHeight}px;
    margin-left: ${({ $contentOffset }) => $contentOffset}px;
    transition: margin-left 150ms ease;
  }
  ${media.mobile} {
    #app-content { margin-left: 0; }
  }
`;
