import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../config/webpack.mjs';

export default createWebpackConfig({
  packageRoot: fileURLToPath(new URL('.', import.meta.url)),
  containerName: 'mfe_account',
  exposes: { './app': './src/mfe-account.ts' },
  devPort: 3102,
  title: 'mfe-account (standalone)',
});
