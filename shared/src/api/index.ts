export * from './http-client.js';
export * from './base-api.js';
export * from './feed-api.js';
export * from './sources-api.js';
export * from './endpoint-request.js';
export * from './landing-feeds.js';
