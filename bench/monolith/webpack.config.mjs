// The non-federated reference of the front-end bench: the shell's own webpack configuration
// without the Module Federation plugin, its runtime replaced by static-remotes.js, so the shell
// and all four remotes are one build (one React, one store, lazy chunks per remote).
//   MONOLITH_OUT=<dir> webpack --config bench/monolith/webpack.config.mjs --mode production
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { PreloadStartupChunksPlugin } from '../../config/preload-startup-chunks.mjs';
import shellConfig from '../../shell/webpack.config.js';

export default (env, argv) => {
  // The page build, then the service worker's build (written beside it).
  const [config, ...others] = shellConfig(env, argv);
  const page = {
    ...config,
    output: { ...config.output, path: process.env.MONOLITH_OUT },
    resolve: {
      ...config.resolve,
      alias: {
        '@module-federation/enhanced/runtime$': fileURLToPath(
          new URL('./static-remotes.js', import.meta.url),
        ),
      },
    },
    // Its pages have no first views, so each calls the API at once: every page preloads the HTTP
    // client, as a signed-in reader's federated page does.
    plugins: config.plugins
      .filter((plugin) => !(plugin instanceof ModuleFederationPlugin))
      .map((plugin) =>
        plugin instanceof PreloadStartupChunksPlugin
          ? new PreloadStartupChunksPlugin({ clientForEveryone: true })
          : plugin,
      ),
  };
  return [
    page,
    ...others.map((other) => ({
      ...other,
      output: { ...other.output, path: process.env.MONOLITH_OUT },
    })),
  ];
};
