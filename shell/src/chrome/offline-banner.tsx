import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { isShowingSavedAnswers, subscribeToSavedAnswers } from '@blogstream/shared/api';

const Banner = styled.p`
  position: fixed;
  left: 50%;
  bottom: 16px;
  transform: translateX(-50%);
  z-index: 30;
  max-width: calc(100vw - 32px);
  margin: 0;
  padding: 8px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2);
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
  return <Banner role="status">You are offline: showing saved pages.</Banner>;
}
