import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { Article } from '@blogstream/shared/contract';

/** The landing page shows two real articles as demos (spec §9: it asks for 2). */
const DEMO_ARTICLES = 2;

/** The demo cards' articles: asked for by the page, or by its first view (static-first-view.tsx). */
export const demoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    digDeeperArticles: build.query<Article[], void>({
      query: () => endpointRequest('demoArticles', { body: { n_articles: DEMO_ARTICLES } }),
    }),
  }),
});
