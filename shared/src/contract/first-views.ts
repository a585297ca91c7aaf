// A remote's first view: HTML rendered outside the browser that the server puts into the remote's
// container, shown until the remote mounts and its first render replaces it
// (docs/decisions/0021-federation-without-the-weight.md).

/** The mark of a first view: the shell removes one no remote takes over. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

/**
 * The id of the `<script type="application/json">` carrying the API answers a first view was
 * rendered from (RTK Query's cache, `firstViewStateAdopted`), so the remote's first render shows
 * the same articles without asking for them again.
 */
export const FIRST_VIEW_STATE_ID = 'first-view-state';
