/** The CPU slow-down every page of the front-end benches is measured at (DevTools protocol). */
export const THROTTLING = 4;

/**
 * Registered before any page script (page.addInitScript): LCP, CLS, long tasks and FCP, buffered;
 * and the first article card: the frame after one (`<article>`, a first view's or the remote's)
 * enters the page. Kept in globalThis.__benchVitals.
 */
export function observeVitals() {
  const vitals = { lcp: 0, cls: 0, fcp: 0, firstCard: 0, longTasks: [] };
  globalThis.__benchVitals = vitals;
  const { document, MutationObserver, requestAnimationFrame } = globalThis;
  const cards = new MutationObserver(() => {
    if (!document.querySelector('article')) return;
    cards.disconnect();
    requestAnimationFrame(() => (vitals.firstCard = performance.now()));
  });
  cards.observe(document, { childList: true, subtree: true });
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // Not supported: the figure stays 0.
    }
  };
  observe('largest-contentful-paint', (entry) => {
    vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) vitals.cls += entry.value;
  });
  observe('longtask', (entry) => vitals.longTasks.push([entry.startTime, entry.duration]));
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  });
}

/** A new page in `context` with the CPU throttled THROTTLING times and the vitals observed. */
export async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING });
  await page.addInitScript(observeVitals);
  return page;
}
