import { Link } from 'react-router-dom';
import styled from 'styled-components';

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
      <Link to="/blog/">Blog</Link>
      <Link to="/about/privacy">Privacy</Link>
      <Link to="/about/terms">Terms</Link>
      <Link to="/about/about">About</Link>
      <Link to="/submit-blog">Submit blog</Link>
    </Bar>
  );
}
