export * from './http-client.js';
export * from './base-api.js';
