// Webpack preset for the shell and every remote: one place for loaders, Module Federation,
// hashing and dev-server settings, so the five front-end packages stay alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import {
  createRuntimeCoreStandaloneConfig,
  ExternalRuntimeCoreGuardPlugin,
  runtimeCoreProvider,
} from './federation-runtime-core.mjs';
import { createFirstViewsConfig } from './first-views.mjs';
import { sharedSingletons } from './mf-shared.mjs';
import { PreloadStartupChunksPlugin } from './preload-startup-chunks.mjs';
import { SlimSingletonsGuardPlugin } from './slim-singletons.mjs';

const apiServer = process.env.BLOGSTREAM_API ?? 'http://localhost:3000';

function swcRule(production) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: !production } },
        },
      },
    },
  };
}

/**
 * A remote's build, everything derived from its folder: `mfe-feed` is the container `mfe_feed`
 * exposing './app' from `src/mfe-feed.ts`, plus the federation-runtime-core.js its standalone page
 * loads first (config/federation-runtime-core.mjs). With `firstViews` (route name -> module
 * exporting `render()`), a production build also writes dist/first-view/<route name>.html; with
 * `firstViewRenderer` (a module exporting `render(url, transport)`), dist/first-view/renderer.cjs
 * for the server to render first views of data (config/first-views.mjs).
 * @param {string} configUrl the remote's webpack.config.js (`import.meta.url`)
 * @param {{ devPort: number, firstViews?: Record<string, string>, firstViewRenderer?: string }} options
 */
export function createRemoteWebpackConfig(configUrl, { devPort, firstViews, firstViewRenderer }) {
  const packageRoot = fileURLToPath(new URL('.', configUrl));
  const folder = path.basename(packageRoot);
  const browserConfig = createWebpackConfig({
    packageRoot,
    containerName: folder.replace(/-/g, '_'),
    exposes: { './app': `./src/${folder}.ts` },
    devPort,
    title: `${folder} (standalone)`,
  });
  return (env, argv) => {
    const app = browserConfig(env, argv);
    const runtimeCore = createRuntimeCoreStandaloneConfig({
      packageRoot,
      after: app.name,
      production: argv.mode !== 'development',
      resolve: app.resolve,
    });
    if ((!firstViews && !firstViewRenderer) || argv.mode === 'development') {
      return [app, runtimeCore];
    }
    const views = createFirstViewsConfig({
      packageRoot,
      after: app.name,
      views: firstViews,
      renderer: firstViewRenderer,
      rules: app.module.rules,
      resolve: app.resolve,
    });
    return [app, runtimeCore, views];
  };
}

/**
 * @param {object} options
 * @param {string} options.packageRoot absolute path of the package
 * @param {string} options.containerName Module Federation container name (plain identifier)
 * @param {Record<string,string>} [options.exposes] exposed modules (remotes expose './app')
 * @param {boolean} [options.isShell] the shell is served at / and loads remotes at run time
 * @param {number} options.devPort port of `npm run dev`
 * @param {string} options.title page title of the HTML page
 * @param {string} [options.favicon] path of the favicon the page links to
 */
export function createWebpackConfig({
  packageRoot,
  containerName,
  exposes,
  isShell,
  devPort,
  title,
  favicon,
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: containerName,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      context: packageRoot,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(packageRoot, 'dist'),
        // Entries stay unhashed (served no-cache); every other chunk is content-hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        // Remotes resolve their chunks relative to wherever remoteEntry.js was loaded from.
        publicPath: isShell ? '/' : 'auto',
        uniqueName: containerName,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', '...'],
      },
      module: {
        rules: [
          swcRule(production),
          { test: /\.(png|svg|ico|jpe?g|webp)$/, type: 'asset/resource' },
          { test: /\.md$/, type: 'asset/source' },
        ],
      },
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        // A shared module and its package in one chunk, not a vendor chunk beside it: one request
        // fewer for each (docs/decisions/0021-federation-without-the-weight.md).
        splitChunks: { cacheGroups: { defaultVendors: false } },
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedSingletons(),
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
          // One runtime core per page: the shell provides its own to the remotes, which are built
          // without one (config/federation-runtime-core.mjs).
          ...(isShell ? { runtimePlugins: [runtimeCoreProvider] } : {}),
          // Leave out of the federation runtime what the site never does: loading remotes from a
          // manifest (snapshots; remotes are registered by their remoteEntry.js), loading
          // scripts in Node, and, in a remote, loading remotes of its own.
          experiments: {
            optimization: { disableSnapshot: true, disableRemote: !isShell, target: 'web' },
            ...(isShell ? {} : { externalRuntime: true }),
          },
        }),
        new HtmlWebpackPlugin({
          template: isShell
            ? path.join(packageRoot, 'src/index.html')
            : fileURLToPath(new URL('./standalone.html', import.meta.url)),
          title,
          publicPath: '/',
          chunks: ['main'],
          ...(favicon ? { favicon } : {}),
        }),
        new SlimSingletonsGuardPlugin(),
        ...(isShell ? [] : [new ExternalRuntimeCoreGuardPlugin()]),
        ...(isShell ? [new PreloadStartupChunksPlugin()] : []),
      ],
      devServer: {
        port: devPort,
        host: 'localhost',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: isShell
              ? ['/api', '/mfe-manifest.json', '/mfe', '/static', '/rss', '/digest', '/favicon.ico']
              : ['/api', '/static', '/favicon.ico'],
            target: apiServer,
          },
        ],
      },
      stats: 'errors-warnings',
    };
  };
}
