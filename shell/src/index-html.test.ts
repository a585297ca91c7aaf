import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { THEME_BOOT_SCRIPT } from '@blogstream/shared/lib';
import { colorSchemeCss, theme } from '@blogstream/shared/ui';

const page = readFileSync(join(__dirname, 'index.html'), 'utf8');
const css = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

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

  it("carries the theme's colour rules, light, dark by choice and dark by the system", () => {
    expect(withoutSpaces(css)).toContain(withoutSpaces(colorSchemeCss));
  });

  it("sets the reader's kept theme before the first paint with the script the server allows", () => {
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([THEME_BOOT_SCRIPT]);
  });

  it('places the content below the top bar, filling the first screen, as layout-style.ts does', () => {
    const content = declarations('#app-content');
    expect(content).toContain(`padding-top: ${theme.layout.topBarHeight}px;`);
    expect(content).toContain('min-height: 100vh;');
  });
});
