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

/** Adds a preload link for each startup chunk of the `main` entry to the page's head. */
export class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
        const publicPath = data.publicPath ?? '/';
        const files = startupChunks(compilation, 'main')
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => file.endsWith('.js'))
          .sort();
        const links = files.map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}
