import styled from 'styled-components';

/** The fields of a login form, one under the other at full width. */
export const FormColumn = styled.div`
  display: flex;
  flex-direction: column;
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

export const LinkButton = styled.button.attrs({ type: 'button' })`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.accent};
  text-decoration: underline;
  cursor: pointer;
`;

export const Hint = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
