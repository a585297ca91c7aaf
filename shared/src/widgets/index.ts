export * from './captcha.js';
export * from './summary-panel.js';
export * from './article-card.js';
export * from './collection-dialog.js';
export * from './infinite-feed.js';
export * from './follow-button.js';
export * from './source-list.js';
export * from './use-captcha-form.js';
