import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../config/webpack.mjs';

export default createWebpackConfig({
  packageRoot: fileURLToPath(new URL('.', import.meta.url)),
  containerName: 'mfe_static',
  exposes: { './app': './src/mfe-static.ts' },
  devPort: 3104,
  title: 'mfe-static (standalone)',
});
