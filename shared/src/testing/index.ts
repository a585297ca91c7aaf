export * from './render-with-providers.js';
export * from './mock-api.js';
