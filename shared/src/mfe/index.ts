export * from './app-providers.js';
export * from './create-lifecycles.js';
export * from './remote-error.js';
export * from './page-title.js';
export * from './run-standalone.js';
export * from './require-reader.js';
export * from './remote-routes.js';
export * from './titled-page.js';
