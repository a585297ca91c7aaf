import { Tabs as RadixTabs } from 'radix-ui';
import styled from 'styled-components';

export const Tabs = RadixTabs.Root;

export const TabList = styled(RadixTabs.List)`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 16px;
`;

export const Tab = styled(RadixTabs.Trigger)`
  font: inherit;
  font-weight: 600;
  padding: 10px 20px;
  border: 0;
  border-bottom: 2px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[data-state='active'] {
    color: ${({ theme }) => theme.colors.accent};
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }
`;

export const TabPanel = RadixTabs.Content;
