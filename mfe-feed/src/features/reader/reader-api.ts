import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { BodyOf, ResponseOf } from '@blogstream/shared/contract';

/** The reader view's text and the reader's highlights (docs/decisions/0037). */
export const readerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArticleText: build.query<ResponseOf<'getArticleText'>, number>({
      query: (postId) => endpointRequest('getArticleText', { body: { postId } }),
    }),
    getArticleHighlights: build.query<ResponseOf<'getArticleHighlights'>, number>({
      query: (postId) => endpointRequest('getArticleHighlights', { body: { postId } }),
      providesTags: ['Highlights'],
    }),
    getHighlights: build.query<ResponseOf<'getHighlights'>, BodyOf<'getHighlights'>>({
      query: (body) => endpointRequest('getHighlights', { body }),
      providesTags: ['Highlights'],
    }),
    addHighlight: build.mutation<ResponseOf<'addHighlight'>, BodyOf<'addHighlight'>>({
      query: (body) => endpointRequest('addHighlight', { body }),
      invalidatesTags: ['Highlights'],
    }),
    saveHighlightNote: build.mutation<ResponseOf<'saveHighlightNote'>, BodyOf<'saveHighlightNote'>>(
      {
        query: (body) => endpointRequest('saveHighlightNote', { body }),
        invalidatesTags: ['Highlights'],
      },
    ),
    deleteHighlight: build.mutation<ResponseOf<'deleteHighlight'>, number>({
      query: (highlightId) => endpointRequest('deleteHighlight', { body: { highlightId } }),
      invalidatesTags: ['Highlights'],
    }),
  }),
});

export const {
  useGetArticleTextQuery,
  useGetArticleHighlightsQuery,
  useGetHighlightsQuery,
  useAddHighlightMutation,
  useSaveHighlightNoteMutation,
  useDeleteHighlightMutation,
} = readerApi;
