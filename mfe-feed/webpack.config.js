import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../config/webpack.mjs';

export default createWebpackConfig({
  packageRoot: fileURLToPath(new URL('.', import.meta.url)),
  containerName: 'mfe_feed',
  exposes: { './app': './src/mfe-feed.ts' },
  devPort: 3101,
  title: 'mfe-feed (standalone)',
});
