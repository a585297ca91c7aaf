import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

/** axe-core's browser build (a devDependency of e2e, hoisted to the root node_modules). */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core over the page (or the part matching `include`) and returns the serious and
 * critical violations, each with the selectors and a short piece of markup of every node.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Through the DevTools protocol: the site's CSP (script-src 'self') refuses addScriptTag's
  // inline script, as it should.
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; html: string; failureSummary?: string }[];
      }[];
    }
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(selector ? { include: [selector] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map(
          (node) =>
            `${node.target.join(' ')} ${node.html.slice(0, 140)}${node.failureSummary ? ` -- ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
        ),
      }));
  }, include);
}

/** One line per violation, for failure messages. */
export function formatViolations(screen: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${screen}: [${violation.impact}] ${violation.id} (${violation.help})\n      ${violation.nodes.join('\n      ')}`,
  );
}

/**
 * Tabs forwards then backwards through `dialog` (twice the number of its tabbable elements each
 * way) and returns every step where the focus was outside it: empty when the focus is trapped.
 */
export async function focusEscapes(page: Page, dialog: Locator): Promise<string[]> {
  const tabbable = await dialog.evaluate(
    (element) =>
      Array.from(
        element.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((node) => node.offsetParent !== null || node === document.activeElement).length,
  );
  const escapes: string[] = [];
  const steps = Math.max(2, tabbable * 2 + 1);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < steps; step += 1) {
      await page.keyboard.press(key);
      const where = await dialog.evaluate((element) => {
        const active = document.activeElement;
        if (active && element.contains(active)) return null;
        return active ? active.outerHTML.slice(0, 100) : '(nothing)';
      });
      if (where) escapes.push(`${key} #${step + 1} focused ${where}`);
    }
  }
  return escapes;
}

/**
 * The serious violations of the page as it is now, in the light and then the dark theme (the
 * system's colour scheme, which the site follows while the reader has chosen none), formatted.
 */
export async function seriousViolationsInBothThemes(
  page: Page,
  screen: string,
  include?: string,
): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(
      ...formatViolations(`${screen}, ${colorScheme}`, await seriousViolations(page, include)),
    );
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}
