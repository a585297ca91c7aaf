// The part of the contract a page needs before it validates anything: the route table, the
// remote names and the limits. No schemas, so no validation library on a visitor's first load
// (@blogstream/shared/contract/browser; the whole contract stays @blogstream/shared/contract).
export * from './remote-names.js';
export * from './routes.js';
export * from './limits.js';
export * from './genres.js';
export * from './feed-filter.js';
export * from './theme.js';
export * from './endpoint-routes.js';
export * from './first-views.js';
