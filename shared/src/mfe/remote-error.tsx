import styled from 'styled-components';
import { theme } from '@blogstream/shared/ui';

const Box = styled.div`
  margin: 48px auto;
  max-width: 480px;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/** Shown in place of a part of the page that failed; the rest of the site keeps working. */
export function RemoteError() {
  return (
    <Box role="alert">
      <p>This part of the page could not be shown.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </Box>
  );
}
