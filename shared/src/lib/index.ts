export * from './constants.js';
export * from './messages.js';
export * from './validation.js';
export * from './topics.js';
export * from './genres.js';
export * from './text.js';
export * from './theme-boot.js';
export * from './json-body.js';
