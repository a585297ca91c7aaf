import { createRemoteWebpackConfig } from '../config/webpack.mjs';

export default createRemoteWebpackConfig(import.meta.url, {
  devPort: 3104,
  firstViews: { landing: './src/features/landing/landing-first-view.tsx' },
  firstViewRenderer: './src/static-first-view.tsx',
});
