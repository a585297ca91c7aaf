import styled from 'styled-components';
import { media } from '@blogstream/shared/ui';

/**
 * The reader's name on the top bar's account button: one line, cut with an ellipsis when long
 * (the button's label names the reader in full), so a phone's bar never wraps it.
 */
export const AccountName = styled.span`
  display: block;
  max-width: 16em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  ${media.mobile} {
    max-width: 7em;
  }
`;
