export * from './http-client.js';
export * from './base-api.js';
export * from './feed-api.js';
export * from './reader-controls-api.js';
export * from './sources-api.js';
export * from './settings-api.js';
export * from './endpoint-request.js';
export * from './landing-feeds.js';
