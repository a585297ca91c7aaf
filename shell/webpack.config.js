import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../config/webpack.mjs';

export default createWebpackConfig({
  packageRoot: fileURLToPath(new URL('.', import.meta.url)),
  containerName: 'shell',
  isShell: true,
  devPort: 3100,
  title: 'Blogstream',
  favicon: fileURLToPath(new URL('./src/favicon.ico', import.meta.url)),
});
