export * from './errors.js';
export * from './health.js';
export * from './mfe-manifest.js';
export * from './routes.js';
export * from './user.js';
