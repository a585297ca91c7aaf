import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from '@blogstream/shared/ui';

const page = readFileSync(join(__dirname, 'index.html'), 'utf8');
const css = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The declarations of the rule whose selector is exactly `selector`, on one line. */
function declarations(selector: string): string {
  const rules = css.split('}').map((rule) => rule.split('{').map(oneLine));
  return rules.find(([selectors]) => selectors === selector)?.[1] ?? '';
}

describe("the shell page's own style (the first paint, before the scripts)", () => {
  it('sets the body as the global style does, from the theme', () => {
    const body = declarations('body');
    expect(body).toContain(`font-family: ${theme.font.family};`);
    expect(body).toContain(`color: ${theme.colors.text};`);
    expect(body).toContain(`background: ${theme.colors.background};`);
  });

  it('places the content below the top bar, filling the first screen, as layout-style.ts does', () => {
    const content = declarations('#app-content');
    expect(content).toContain(`padding-top: ${theme.layout.topBarHeight}px;`);
    expect(content).toContain('min-height: 100vh;');
  });
});
