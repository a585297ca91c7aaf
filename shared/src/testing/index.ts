export * from './render-with-providers.js';
export * from './mock-api.js';
export * from './fixtures.js';
export * from './sign-in-test-form.js';
export * from './media-queries.js';
