import { fileURLToPath } from 'node:url';
import { createServiceWorkerConfig, ShellFilesPlugin } from '../config/service-worker.mjs';
import { createWebpackConfig } from '../config/webpack.mjs';

const packageRoot = fileURLToPath(new URL('.', import.meta.url));

const page = createWebpackConfig({
  packageRoot,
  containerName: 'shell',
  isShell: true,
  devPort: 3100,
  title: 'Blogstream',
  favicon: fileURLToPath(new URL('./src/favicon.ico', import.meta.url)),
});

export default (env, argv) => {
  const app = page(env, argv);
  app.plugins.push(new ShellFilesPlugin());
  return [
    app,
    createServiceWorkerConfig({
      packageRoot,
      after: app.name,
      production: argv.mode !== 'development',
      rules: app.module.rules,
      resolve: app.resolve,
    }),
  ];
};
