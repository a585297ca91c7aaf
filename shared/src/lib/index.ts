export * from './constants.js';
export * from './messages.js';
export * from './validation.js';
export * from './topics.js';
export * from './text.js';
