import { createGlobalStyle } from 'styled-components';
import { media } from '@blogstream/shared/ui';

/** Places the remotes' containers beside the chrome: below the top bar, right of the drawer. */
export const LayoutStyle = createGlobalStyle<{ $contentOffset: number }>`
  #app-content {
    min-height: calc(100vh - 120px);
    padding-top: ${({ theme }) => theme.layout.topBarHeight}px;
    margin-left: ${({ $contentOffset }) => $contentOffset}px;
    transition: margin-left 150ms ease;
  }
  ${media.mobile} {
    #app-content { margin-left: 0; }
  }
`;
