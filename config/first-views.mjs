// A remote's first views: pages of its routes rendered to static HTML when it is built, which the
// server puts into the page it answers for those routes, so the page paints before any script
// runs (docs/decisions/0021-federation-without-the-weight.md). Each view is a module exporting
// `render(): string`; it is bundled for Node, run once, and only its HTML lands in dist/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PLUGIN = 'RenderFirstViewsPlugin';

/** Runs each view's bundle and emits its HTML as first-view/<name>.html, in place of the bundle. */
class RenderFirstViewsPlugin {
  constructor(names) {
    this.names = names;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const scratch = mkdtempSync(path.join(tmpdir(), 'first-views-'));
          try {
            for (const name of this.names) {
              const bundle = `${name}.cjs`;
              const file = path.join(scratch, bundle);
              writeFileSync(file, compilation.getAsset(bundle).source.source());
              const html = createRequire(file)(file).render();
              compilation.emitAsset(`first-view/${name}.html`, new sources.RawSource(html));
            }
          } finally {
            rmSync(scratch, { recursive: true, force: true });
          }
          for (const asset of compilation.getAssets()) {
            if (!asset.name.startsWith('first-view/')) compilation.deleteAsset(asset.name);
          }
        },
      );
    });
  }
}

/**
 * The build of a remote's first views, run after its browser build (`dependencies`), writing
 * only dist/first-view/*.html beside it.
 * @param {object} options
 * @param {string} options.packageRoot absolute path of the package
 * @param {string} options.after the name of the browser build it runs after
 * @param {Record<string, string>} options.views route name -> module exporting `render()`
 * @param {object[]} options.rules the browser build's module rules (TypeScript, assets)
 * @param {object} options.resolve the browser build's resolve options
 */
export function createFirstViewsConfig({ packageRoot, after, views, rules, resolve }) {
  return {
    name: `${after}-first-views`,
    dependencies: [after],
    mode: 'production',
    target: 'node',
    context: packageRoot,
    entry: views,
    output: {
      path: path.join(packageRoot, 'dist'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    resolve,
    module: { rules },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    devtool: false,
    plugins: [new RenderFirstViewsPlugin(Object.keys(views))],
    stats: 'errors-warnings',
  };
}
