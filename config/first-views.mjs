// A remote's first views: pages of its routes rendered to HTML outside the browser, which the
// server puts into the page it answers for those routes, so the page paints before any script
// runs (docs/decisions/0021-federation-without-the-weight.md).
// - Static views, a module each exporting `render(): string`: bundled for Node, run once when the
//   remote is built, and only their HTML lands in dist/ (first-view/<route name>.html).
// - A renderer, one module exporting `render(url, transport)`: bundled for Node into
//   first-view/renderer.cjs, which the server runs for each page of data it renders.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { tapProcessAssets } from './process-assets.mjs';

const PLUGIN = 'RenderFirstViewsPlugin';

/**
 * Runs each static view's bundle and emits its HTML as first-view/<name>.html, in place of the
 * bundle; keeps only what is under first-view/.
 */
class RenderFirstViewsPlugin {
  constructor(names) {
    this.names = names;
  }

  apply(compiler) {
    tapProcessAssets(compiler, PLUGIN, 'REPORT', (compilation, sources) => {
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
    });
  }
}

/**
 * The build of a remote's first views, run after its browser build (`dependencies`), writing
 * only dist/first-view/ beside it: *.html, and renderer.cjs.
 * @param {object} options
 * @param {string} options.packageRoot absolute path of the package
 * @param {string} options.after the name of the browser build it runs after
 * @param {Record<string, string>} [options.views] route name -> module exporting `render()`
 * @param {string} [options.renderer] module exporting `render(url, transport)`
 * @param {object[]} options.rules the browser build's module rules (TypeScript, assets)
 * @param {object} options.resolve the browser build's resolve options
 */
export function createFirstViewsConfig({
  packageRoot,
  after,
  views = {},
  renderer,
  rules,
  resolve,
}) {
  return {
    name: `${after}-first-views`,
    dependencies: [after],
    mode: 'production',
    target: 'node',
    context: packageRoot,
    entry: { ...views, ...(renderer ? { 'first-view/renderer': renderer } : {}) },
    output: {
      path: path.join(packageRoot, 'dist'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    // A first view asks the API only through the server's callApi (the store's own transport),
    // never over HTTP: the HTTP client's axios, with the Node adapters, form-data and proxy agents
    // it brings, stays out of the server's memory.
    resolve: { ...resolve, alias: { ...resolve.alias, axios: false } },
    module: { rules },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    devtool: false,
    plugins: [
      new RenderFirstViewsPlugin(Object.keys(views)),
      // One file each: the server loads the renderer alone, from wherever the remote is deployed.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    stats: 'errors-warnings',
  };
}
