import path from 'node:path';

/**
 * The options a build run after a package's browser build (`dependencies`), into the same dist/
 * and named after it, shares with the others like it: the shell's service worker, a remote's
 * runtime core. The caller adds its target, entry and whatever else it needs.
 * @param {object} options
 * @param {string} options.packageRoot absolute path of the package
 * @param {string} options.after the name of the build it runs after
 * @param {string} options.part what it builds, the end of its name: 'service-worker'
 * @param {boolean} options.production
 * @param {object} options.resolve the browser build's resolve options
 */
export function buildAfter({ packageRoot, after, part, production, resolve }) {
  return {
    name: `${after}-${part}`,
    dependencies: [after],
    mode: production ? 'production' : 'development',
    context: packageRoot,
    output: { path: path.join(packageRoot, 'dist'), filename: '[name].js', clean: false },
    resolve,
    devtool: production ? 'source-map' : false,
    optimization: { splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
