export * from './render-with-providers.js';
