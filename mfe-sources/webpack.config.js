import { createRemoteWebpackConfig } from '../config/webpack.mjs';

export default createRemoteWebpackConfig(import.meta.url, { devPort: 3103 });
