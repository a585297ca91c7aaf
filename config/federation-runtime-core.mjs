// One Module Federation runtime core per page (docs/decisions/0021-federation-without-the-weight.md).
// The shell and each remote used to carry their own copy of @module-federation/runtime-core
// (about 9 KiB gzip in every remoteEntry.js). Remotes are now built with
// `experiments.externalRuntime` and read it from the global `_FEDERATION_RUNTIME_CORE`, which the
// shell's runtime plugin provides (runtime-core-provider.mjs) before any remote loads. A remote
// run alone gets it from federation-runtime-core.js, built beside its main.js by
// `createRuntimeCoreStandaloneConfig` and loaded first by standalone.html.
//
// The shell provides only the names a remote takes, listed in runtime-core-provider.mjs;
// ExternalRuntimeCoreGuardPlugin fails a remote's build that takes another one (a newer
// @module-federation/enhanced might), since it would be undefined at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAfter } from './build-after.mjs';

const PLUGIN = 'ExternalRuntimeCoreGuardPlugin';
const GLOBAL_NAME = '_FEDERATION_RUNTIME_CORE';

/** The shell's runtime plugin, which provides the core (Module Federation `runtimePlugins`). */
export const runtimeCoreProvider = fileURLToPath(
  new URL('./runtime-core-provider.mjs', import.meta.url),
);

/** The file a remote's standalone page loads before main.js. */
export const RUNTIME_CORE_STANDALONE_FILE = 'federation-runtime-core.js';

/** The names runtime-core-provider.mjs imports and provides. */
export const providedRuntimeCoreNames = (() => {
  const source = readFileSync(runtimeCoreProvider, 'utf8');
  const list = /import\s*\{([^}]*)\}\s*from\s*'@module-federation\/runtime-core'/.exec(source);
  if (!list) throw new Error(`${runtimeCoreProvider} imports nothing from the runtime core`);
  return list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
})();

function isRuntimeCoreExternal(module) {
  const request = module.request;
  return (
    module.constructor.name === 'ExternalModule' &&
    (request === GLOBAL_NAME || (Array.isArray(request) && request[0] === GLOBAL_NAME))
  );
}

/**
 * In a remote's build: fails when the build takes from the external runtime core a name the
 * shell does not provide, or the whole namespace (which cannot be checked).
 */
export class ExternalRuntimeCoreGuardPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.afterOptimizeDependencies.tap(PLUGIN, (modules) => {
        const problems = new Set();
        // Entrypoints do not exist yet; each entry is a runtime of its own here.
        const runtimes = [...compilation.entries].map(
          ([name, { options }]) => options.runtime ?? name,
        );
        for (const module of modules) {
          if (!isRuntimeCoreExternal(module)) continue;
          const exportsInfo = compilation.moduleGraph.getExportsInfo(module);
          for (const runtime of runtimes) {
            const used = exportsInfo.getUsedExports(runtime);
            if (used === true || used === null) {
              problems.add(`the build takes all of @module-federation/runtime-core`);
            } else if (used !== false) {
              for (const name of used) {
                if (!providedRuntimeCoreNames.includes(name)) {
                  problems.add(`the build takes ${name} from @module-federation/runtime-core`);
                }
              }
            }
          }
        }
        for (const problem of problems) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${problem}, which the shell does not provide: add it to config/runtime-core-provider.mjs ` +
                '(and deploy the shell before the remote)',
            ),
          );
        }
      });
    });
  }
}

/**
 * The build of a remote's federation-runtime-core.js (its standalone page only), run after its
 * browser build (`dependencies`) into the same dist/.
 * @param {object} options
 * @param {string} options.packageRoot absolute path of the remote's package
 * @param {string} options.after the name of the remote's browser build
 * @param {boolean} options.production
 * @param {object} options.resolve the browser build's resolve options
 */
export function createRuntimeCoreStandaloneConfig({ packageRoot, after, production, resolve }) {
  return {
    ...buildAfter({ packageRoot, after, part: 'runtime-core', production, resolve }),
    target: 'web',
    entry: {
      [path.basename(RUNTIME_CORE_STANDALONE_FILE, '.js')]: fileURLToPath(
        new URL('./runtime-core-standalone.mjs', import.meta.url),
      ),
    },
  };
}
