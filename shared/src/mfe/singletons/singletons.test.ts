import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import slimSingletons from '../../../../config/slim-singletons.json';

const packages = Object.keys(slimSingletons).filter((key) => !key.startsWith('$'));

/** The names a slim module re-exports, read from its source (it is built only by webpack). */
function exportedNames(packageName: string): string[] {
  const source = readFileSync(join(__dirname, `${packageName}.ts`), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

describe.each(packages)('the slimmed singleton of %s', (packageName) => {
  const allowed = (slimSingletons as unknown as Record<string, string[]>)[packageName] ?? [];

  it('exports exactly the names the lint rule allows', () => {
    expect(exportedNames(packageName).sort()).toEqual([...allowed].sort());
  });

  it('names only exports the package has', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const real = require(packageName) as Record<string, unknown>;
    for (const name of allowed) expect(real[name]).toBeDefined();
  });
});
