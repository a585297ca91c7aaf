import styled from 'styled-components';

/** The column every screen's content sits in. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth}px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.font.size.title};
  margin: 8px 0 16px;
`;
