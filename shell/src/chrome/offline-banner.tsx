import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { isShowingSavedAnswers, subscribeToSavedAnswers } from '@blogstream/shared/api';
import { BottomBar } from '@blogstream/shared/ui';

const Banner = styled(BottomBar)`
  z-index: 30;
  margin: 0;
  padding: 8px 16px;
  color: ${({ theme }) => theme.colors.text};
`;

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  const unsubscribe = subscribeToSavedAnswers(changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
    unsubscribe();
  };
}

/** Offline by the browser's word, or by the service worker's: it answered from saved copies. */
const isOffline = () => !navigator.onLine || isShowingSavedAnswers();

/** While the browser is offline: the pages shown are the ones the service worker saved. */
export function OfflineBanner() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  if (!offline) return null;
  return (
    <Banner as="p" role="status">
      You are offline: showing saved pages.
    </Banner>
  );
}
