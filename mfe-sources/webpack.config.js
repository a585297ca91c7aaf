import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../config/webpack.mjs';

export default createWebpackConfig({
  packageRoot: fileURLToPath(new URL('.', import.meta.url)),
  containerName: 'mfe_sources',
  exposes: { './app': './src/mfe-sources.ts' },
  devPort: 3103,
  title: 'mfe-sources (standalone)',
});
