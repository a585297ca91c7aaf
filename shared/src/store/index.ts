export * from './session-slice.js';
export * from './ui-slice.js';
export * from './make-store.js';
export * from './hooks.js';
export * from './check-session.js';
