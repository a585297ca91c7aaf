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

/** One call a first view makes of the site's API: path relative to /api, method, JSON body. */
export interface FirstViewApiRequest {
  url: string;
  method: string;
  body: unknown;
}

/** How the server answers a first view's call: the status and the parsed JSON body. */
export type FirstViewApiCall = (
  request: FirstViewApiRequest,
) => Promise<{ status: number; data: unknown }>;

/** One call a first view made and the server's answer to it. */
export interface FirstViewApiExchange extends FirstViewApiRequest {
  status: number;
  data: unknown;
}

/**
 * The id of the `<script type="application/json">` a signed-in reader's page drawn for them
 * carries beside its first view: the calls the view made as them, with their answers
 * (FirstViewApiExchange[]). The page asks for none of them again, so the service worker saves
 * these as it saves the answers of the page's own calls, and the reader's home reads offline
 * (docs/decisions/0035, "Since").
 */
export const FIRST_VIEW_ANSWERS_ID = 'first-view-answers';

/**
 * What a remote's `first-view/renderer.cjs` exports as `render`: the first view of the page at
 * `url` (path and query), asking the API through `callApi`; its HTML and the answers it shows, or
 * undefined for a page without one.
 */
export type RenderFirstView = (
  url: string,
  callApi: FirstViewApiCall,
) => Promise<{ html: string; state: unknown } | undefined>;
