import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePageMeta } from '@blogstream/shared/mfe';

const Box = styled.section`
  max-width: 560px;
  margin: 64px auto;
  text-align: center;
`;

/** Shown for paths that no part of the site owns. */
export function NotFound() {
  usePageMeta({ title: 'Page not found' });
  return (
    <Box>
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the home page</Link>
    </Box>
  );
}
