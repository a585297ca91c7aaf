import type { BrowserContext, Page } from 'playwright-core';

/**
 * The XSS drill's tripwires, installed in every frame of a browser context before any script of
 * the page runs: alert/confirm/prompt/print report to the test (with the page they ran in), as do
 * `securitypolicyviolation` events; native dialogs that slip past the hooks (a fresh window) are
 * caught through Playwright's dialog event, and console errors and uncaught exceptions are kept.
 */
export interface XssFindings {
  /** Script that ran: `alert:1234 @ url`. */
  executions: string[];
  /** CSP violations (each one is markup that tried to run or load something). */
  cspViolations: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

export async function installXssTripwires(context: BrowserContext): Promise<XssFindings> {
  const findings: XssFindings = {
    executions: [],
    cspViolations: [],
    consoleErrors: [],
    pageErrors: [],
  };
  await context.exposeBinding('__xssReport', ({ frame }, kind: string, detail: string) => {
    const line = `${detail} @ ${frame.url()}`;
    if (kind === 'csp') findings.cspViolations.push(line);
    else findings.executions.push(`${kind}:${line}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (kind: string, detail: string) => void })
      .__xssReport;
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          void report(name, String(args[0]));
          return name === 'confirm' ? false : null;
        },
        writable: false,
        configurable: false,
      });
    }
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        void report(
          'csp',
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} sample=${JSON.stringify(event.sample)} from ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      true,
    );
  });
  context.on('page', (page) => watchPage(page, findings));
  return findings;
}

function watchPage(page: Page, findings: XssFindings) {
  page.on('dialog', (dialog) => {
    findings.executions.push(`native ${dialog.type()}:${dialog.message()} @ ${page.url()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (message.type() === 'error')
      findings.consoleErrors.push(`${message.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (error) => findings.pageErrors.push(`${error.message} @ ${page.url()}`));
}

/** What a page's DOM holds that only injected markup could have put there. */
export interface DomAudit {
  /** Elements with an on* attribute. */
  handlers: string[];
  /** script/iframe/object/embed/base/meta-refresh/frame elements in the body. */
  activeElements: string[];
  /**
   * URLs with a scheme other than http(s) where following or loading them could run script:
   * a/area href, iframe/frame/embed src, object data, form action, formaction, xlink:href.
   */
  unsafeUrls: string[];
  /**
   * Non-http(s) URLs that Chromium never runs (images; data: and vbscript: links): not an
   * execution, but the contract says links and images are absolute http(s) URLs.
   */
  inertUrls: string[];
}

/** React 19 swaps a javascript: href for this inert one (it throws if ever followed). */
export const REACT_BLOCKED_URL_PREFIX = "javascript:throw new Error('React has blocked";

export function auditDom(page: Page): Promise<DomAudit> {
  return page.evaluate((reactBlocked) => {
    const audit: DomAudit = { handlers: [], activeElements: [], unsafeUrls: [], inertUrls: [] };
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) audit.handlers.push(describe(element));
        if (
          ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data'].includes(name)
        ) {
          const value = attribute.value.trim();
          if (value.startsWith(reactBlocked)) continue;
          let protocol: string;
          try {
            protocol = new URL(value, document.baseURI).protocol;
          } catch {
            continue;
          }
          const allowed = ['http:', 'https:', 'mailto:', 'blob:'];
          // The site's own small icons are inline data: images.
          if (element.tagName === 'IMG' && value.startsWith('data:image/png')) continue;
          if (allowed.includes(protocol)) continue;
          // javascript: runs anywhere it is followed; any other scheme is dangerous in frames,
          // embeds, objects, forms and base. An image never runs script, and Chromium refuses
          // top-level navigation to data: (and has no vbscript:), so such links and images are
          // inert: noted, not counted as executions.
          const tag = element.tagName;
          const inert =
            ['IMG', 'SOURCE', 'PICTURE'].includes(tag) ||
            (['A', 'AREA'].includes(tag) && name === 'href' && protocol !== 'javascript:');
          (inert ? audit.inertUrls : audit.unsafeUrls).push(
            `<${tag.toLowerCase()} ${name}=${value.slice(0, 120)}>`,
          );
        }
      }
    }
    for (const element of Array.from(
      document.body.querySelectorAll(
        'script, iframe, frame, object, embed, base, meta[http-equiv], link[rel=import]',
      ),
    )) {
      audit.activeElements.push(describe(element));
    }
    return audit;
  }, REACT_BLOCKED_URL_PREFIX);
}
