import { createRemoteWebpackConfig } from '../config/webpack.mjs';

export default createRemoteWebpackConfig(import.meta.url, {
  devPort: 3101,
  firstViewRenderer: './src/feed-first-view.tsx',
});
