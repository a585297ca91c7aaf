import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';

const Bar = styled.footer`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 24px;
  padding: 32px 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/** Footer of the signed-out site (spec §2). */
export function Footer() {
  return (
    <Bar>
      <Link to={clientPath('blog')}>Blog</Link>
      <Link to={clientPath('privacy')}>Privacy</Link>
      <Link to={clientPath('terms')}>Terms</Link>
      <Link to={clientPath('about')}>About</Link>
      <Link to={clientPath('submitBlog')}>Submit blog</Link>
    </Bar>
  );
}
