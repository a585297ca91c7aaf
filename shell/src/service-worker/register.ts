/**
 * How long after the page's load event the service worker is registered. `load` comes before a
 * page's remote has fetched and drawn its feed; a worker installing then (its script, the shell
 * it saves) slowed the search page's largest paint by about 0.6 s (front-end bench, 4x CPU).
 */
const AFTER_LOAD_MS = 5_000;
/** The longest it then waits for the main thread to be idle. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the service worker (/sw.js) once the first view is done: a while after load, when the
 * main thread is idle. Browsers without service workers simply go without.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
      : register();
  const afterLoad = () => window.setTimeout(whenIdle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
