// The shell's service worker and web app manifest: sw.js bundled on its own for a worker (no
// Module Federation, no HTML), plus the manifest and its icons copied unhashed, all into the
// shell's dist/ after its page build (`dependencies`). The page build lists its content-hashed
// scripts (ShellFilesPlugin) and the worker is built with that list, so it saves every script of
// the shell when it installs: a dialog never opened online still opens offline, and a deploy of
// the shell changes sw.js, which installs the new worker. docs/decisions/0028-installable.md
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { buildAfter } from './build-after.mjs';
import { tapProcessAssets } from './process-assets.mjs';

const PLUGIN = 'AppManifestFilesPlugin';
/** The manifest and its icons (the folder also holds their test). */
const APP_FILE = /\.(?:webmanifest|png)$/;

/** Emits the manifest and icons of `dir` at the root of the output. */
class AppManifestFilesPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    tapProcessAssets(compiler, PLUGIN, 'ADDITIONAL', (compilation, sources) => {
      for (const name of readdirSync(this.dir).filter((file) => APP_FILE.test(file))) {
        const file = path.join(this.dir, name);
        compilation.fileDependencies.add(file);
        compilation.emitAsset(name, new sources.RawSource(readFileSync(file)));
      }
    });
  }
}

const SHELL_FILES_PLUGIN = 'ShellFilesPlugin';
/** The page build's list of its content-hashed scripts, beside them in dist/. */
const SHELL_FILES = 'shell-files.json';
const CONTENT_HASHED_SCRIPT = /\.[0-9a-f]{8,}\.js$/;

/** Emits SHELL_FILES: the names of the page build's content-hashed scripts, once they are final. */
export class ShellFilesPlugin {
  apply(compiler) {
    tapProcessAssets(compiler, SHELL_FILES_PLUGIN, 'REPORT', (compilation, sources) => {
      const files = Object.keys(compilation.assets)
        .filter((name) => CONTENT_HASHED_SCRIPT.test(name))
        .sort();
      compilation.emitAsset(SHELL_FILES, new sources.RawSource(JSON.stringify(files)));
    });
  }
}

/** The page build's SHELL_FILES as source for the worker's `__SHELL_FILES__` (none before one). */
function shellFilesDefinition(file) {
  return webpack.DefinePlugin.runtimeValue(
    () => (existsSync(file) ? readFileSync(file, 'utf8') : '[]'),
    { fileDependencies: [file] },
  );
}

/**
 * @param {object} options
 * @param {string} options.packageRoot the shell's folder
 * @param {string} options.after the name of the shell's page build
 * @param {boolean} options.production
 * @param {object[]} options.rules the page build's module rules (TypeScript)
 * @param {object} options.resolve the page build's resolve options
 */
export function createServiceWorkerConfig({ packageRoot, after, production, rules, resolve }) {
  return {
    ...buildAfter({ packageRoot, after, part: 'service-worker', production, resolve }),
    target: 'webworker',
    entry: { sw: './src/service-worker/sw.ts' },
    module: { rules },
    plugins: [
      new AppManifestFilesPlugin(path.join(packageRoot, 'src/pwa')),
      new webpack.DefinePlugin({
        __SHELL_FILES__: shellFilesDefinition(path.join(packageRoot, 'dist', SHELL_FILES)),
      }),
    ],
  };
}
