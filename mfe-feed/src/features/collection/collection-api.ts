import { baseApi, endpointRequest, COLLECTION_LISTS } from '@blogstream/shared/api';
import type {
  CollectionDetail,
  OkResponse,
  RenameCollectionRequest,
} from '@blogstream/shared/contract';

const collectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCollection: build.query<CollectionDetail, number>({
      query: (collectionId) => endpointRequest('getCollection', { body: { collectionId } }),
      providesTags: (_detail, _error, collectionId) => [{ type: 'Collections', id: collectionId }],
    }),
    renameCollection: build.mutation<OkResponse, RenameCollectionRequest>({
      query: (body) => endpointRequest('renameCollection', { body }),
      invalidatesTags: ['Collections'],
    }),
    deleteCollection: build.mutation<OkResponse, number>({
      query: (collectionId) => endpointRequest('deleteCollection', { body: { collectionId } }),
      invalidatesTags: [COLLECTION_LISTS],
    }),
  }),
});

export const { useGetCollectionQuery, useRenameCollectionMutation, useDeleteCollectionMutation } =
  collectionApi;
