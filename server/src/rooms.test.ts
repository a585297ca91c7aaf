import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './paths.js';

/**
 * The server's import graph against its room table (config/server-rooms.json, docs/ARCHITECTURE.md
 * "The server's rooms"): every import of a production module, `import type`, re-exports and
 * dynamic imports included, goes to its own room, a room it may import, an entry of a room it
 * may import only that of, or a shared top-level file; never to a composition root or to the
 * test helpers. The lint rule (`import-x/no-restricted-paths`) says the same while editing.
 */
interface RoomTable {
  rooms: Record<string, string[]>;
  compositionRoots: string[];
}

const sourceDir = join(repoRoot, 'server', 'src');
const table = JSON.parse(
  readFileSync(join(repoRoot, 'config', 'server-rooms.json'), 'utf8'),
) as RoomTable;

const isTest = (path: string) => path.endsWith('.test.ts') || path.startsWith('testing/');

/** Every production TypeScript module, by its path under server/src. */
function productionModules(dir = sourceDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionModules(path);
    const name = relative(sourceDir, path).split('\\').join('/');
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !isTest(name) ? [name] : [];
  });
}

/**
 * The module specifiers of a module's text: imports and re-exports of every form (`export * as ns
 * from`, `export { x } from`, which ts.preProcessFile partly misses), `import type`, dynamic
 * `import()`, `import('...')` types and `import x = require()`.
 */
function specifiersOf(text: string): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : ts.isExternalModuleReference(node)
              ? node.expression
              : undefined;
    if (specifier && ts.isStringLiteralLike(specifier)) specifiers.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest));
  return specifiers;
}

/** What `from` imports, as paths under server/src (relative specifiers only; `x.js` is `x.ts`). */
function importsOf(from: string, text: string): string[] {
  return specifiersOf(text)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts'),
    );
}

/** The imports of `from` (a module under server/src) that its room may not make. */
function forbiddenImports(from: string, text: string): string[] {
  const room = from.split('/')[0]!;
  const allowed = table.rooms[room];
  if (!allowed) return []; // a top-level file: a composition root or read by all
  return importsOf(from, text).filter((target) => {
    const targetRoom = target.split('/')[0]!;
    if (target.startsWith('..')) return true;
    if (!target.includes('/')) return table.compositionRoots.includes(target);
    if (targetRoom === 'testing') return true;
    return targetRoom !== room && !allowed.includes(targetRoom) && !allowed.includes(target);
  });
}

test('no production module imports across the rooms against the table, types included', () => {
  const crossings = productionModules().flatMap((module) =>
    forbiddenImports(module, readFileSync(join(sourceDir, module), 'utf8')).map(
      (target) => `${module} -> ${target}`,
    ),
  );
  expect(crossings).toEqual([]);
});

test('the check refuses a lower room importing a higher one, even for a type', () => {
  expect(
    forbiddenImports(
      'db/feeds.ts',
      [
        "import type { App } from '../http/app-type.js';",
        "export type { SiteServices } from '../services.js';",
        "const crawl = await import('../ingestion/crawl/crawl-run.js');",
        "import type { Log } from '../lib/log.js';",
      ].join('\n'),
    ),
  ).toEqual(['http/app-type.ts', 'services.ts', 'ingestion/crawl/crawl-run.ts']);
});

test('the check refuses a lower room re-exporting a higher one, in every form of re-export', () => {
  expect(
    forbiddenImports(
      'db/feeds.ts',
      [
        "export * as appTypes from '../http/app-type.js';",
        "export { registerContentRoutes } from '../http/routes/content/index.js';",
        "export * from '../mail/mailer.js';",
        "export { type SiteServices } from '../services.js';",
        "export type Why = import('../intelligence/ranking/why-this.js').WhyReason;",
        "export * as log from '../lib/log.js';",
      ].join('\n'),
    ),
  ).toEqual([
    'http/app-type.ts',
    'http/routes/content/index.ts',
    'mail/mailer.ts',
    'services.ts',
    'intelligence/ranking/why-this.ts',
  ]);
});

test('http reaches ingestion through its one entry, and nothing else of it', () => {
  expect(
    forbiddenImports(
      'http/routes/accounts/opml-routes.ts',
      [
        "import type { ReaderOpmlImporter } from '../../../ingestion/on-demand/index.js';",
        "import type { Fetcher } from '../../../ingestion/fetch/fetcher.js';",
        "import { testConfig } from '../../../testing/test-config.js';",
      ].join('\n'),
    ),
  ).toEqual(['ingestion/fetch/fetcher.ts', 'testing/test-config.ts']);
});

test('every room of the table is a folder of server/src', () => {
  const folders = readdirSync(sourceDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
    .map((entry) => entry.name);
  expect(Object.keys(table.rooms).sort()).toEqual(folders.sort());
  expect(readdirSync(sourceDir)).toEqual(expect.arrayContaining(table.compositionRoots));
});
