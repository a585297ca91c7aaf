import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import styled from 'styled-components';
import { checkSession, makeStore } from '@blogstream/shared/store';
import { AppProviders } from './app-providers.js';

const DevBanner = styled.div`
  padding: 6px 12px;
  font-size: 0.8rem;
  background: #fff4e5;
  border-bottom: 1px solid #f0c36d;
`;

/**
 * Runs one remote alone (npm run dev -w <remote>): its own store, its screens mounted at #root,
 * the API reached through the dev server's proxy. The composed site never calls this.
 */
export function runStandalone(Root: ComponentType, remoteLabel: string): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The standalone page has no #root element');
  const store = makeStore();
  void checkSession(store);
  createRoot(container).render(
    <AppProviders store={store} withGlobalStyle>
      <DevBanner>{remoteLabel} running alone, without the shell</DevBanner>
      <Root />
    </AppProviders>,
  );
}
