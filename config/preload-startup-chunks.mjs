// The shell's page asks for every script the shell runs before its first paint at once, with
// <link rel="preload">, instead of discovering them in waves (main.js, then the chunks of its async
// boundary, then the shared modules those consume, then theirs).
import HtmlWebpackPlugin from 'html-webpack-plugin';

const PLUGIN = 'PreloadStartupChunksPlugin';
const PROVIDE_TYPE = 'provide-module';
const CONSUME_TYPE = 'consume-shared-module';

/**
 * The chunks the entry `entryName` loads before anything else can run: those of its own dynamic
 * imports (the async boundary, `import('./bootstrap')`) and, transitively, the chunks of each
 * shared module they consume that this build provides. Lazy chunks further down are left out.
 * @param {import('webpack').Compilation} compilation
 * @param {string} entryName
 * @returns {import('webpack').Chunk[]}
 */
export function startupChunks(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return [];
  const children = [...entrypoint.childrenIterable];
  const originType = (group) => group.origins.map((origin) => origin.module?.type).find(Boolean);
  const providedGroups = new Map();
  for (const group of children) {
    for (const origin of group.origins) {
      if (origin.module?.type === PROVIDE_TYPE) providedGroups.set(origin.module._name, group);
    }
  }
  const chunks = new Set(entrypoint.chunks);
  const pending = children.filter((group) => originType(group) !== PROVIDE_TYPE);
  const seenGroups = new Set(pending);
  const consumedKeys = (chunk) =>
    [...chunkGraph.getChunkModulesIterable(chunk)]
      .filter((module) => module.type === CONSUME_TYPE)
      .map((module) => module.options.shareKey);
  const visit = (chunk) => {
    for (const key of consumedKeys(chunk)) {
      const provided = providedGroups.get(key);
      if (provided && !seenGroups.has(provided)) {
        seenGroups.add(provided);
        pending.push(provided);
      }
    }
  };
  entrypoint.chunks.forEach(visit);
  while (pending.length > 0) {
    for (const chunk of pending.pop().chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      visit(chunk);
    }
  }
  for (const chunk of entrypoint.chunks) chunks.delete(chunk);
  return [...chunks];
}

/**
 * The chunk of the HTTP client's transport (`webpackChunkName: "http-client"` in
 * shared/src/api/http-client.ts): loaded with the first call of the API, which a visitor's first
 * view does not make and a signed-in reader's page makes at once.
 */
const SIGNED_IN_CHUNK_NAMES = new Set(['http-client']);

/**
 * Adds a preload link for each startup chunk of the `main` entry to the page's head, and one for
 * each chunk only a signed-in reader's page needs at once, marked `data-audience="signedIn"`: the
 * server drops those from a visitor's page (server/src/http/shell-page.ts). A build whose every
 * page calls the API at once (no first views: the bench's non-federated reference) preloads them
 * for everyone (`clientForEveryone`).
 */
export class PreloadStartupChunksPlugin {
  constructor({ clientForEveryone = false } = {}) {
    this.signedInAttributes = clientForEveryone ? {} : { 'data-audience': 'signedIn' };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
        const publicPath = data.publicPath ?? '/';
        const scriptsOf = (chunks) =>
          chunks
            .flatMap((chunk) => [...chunk.files])
            .filter((file) => file.endsWith('.js'))
            .sort();
        const preload = (file, attributes = {}) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
            ...attributes,
          });
        const signedInChunks = [...compilation.chunks].filter((chunk) =>
          SIGNED_IN_CHUNK_NAMES.has(chunk.name),
        );
        data.headTags.push(
          ...scriptsOf(startupChunks(compilation, 'main')).map((file) => preload(file)),
          ...scriptsOf(signedInChunks).map((file) => preload(file, this.signedInAttributes)),
        );
        return data;
      });
    });
  }
}
