/**
 * Whether the page shows saved answers: the latest API answer came from the service worker's
 * saved copies (SAVED_COPY_HEADER), so the network is out even when `navigator.onLine` says
 * otherwise (a network without internet, a browser that does not know). A fresh answer ends it.
 * Lives in the shared `api` layer, one copy for every remote, beside the client that notes it.
 */
let showingSavedAnswers = false;
const listeners = new Set<() => void>();

export function noteAnswerSource(savedCopy: boolean): void {
  if (savedCopy === showingSavedAnswers) return;
  showingSavedAnswers = savedCopy;
  listeners.forEach((listener) => listener());
}

export const isShowingSavedAnswers = (): boolean => showingSavedAnswers;

export function subscribeToSavedAnswers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
