import { baseApi, endpointRequest, COLLECTION_LISTS } from '@blogstream/shared/api';
import type {
  CollectionDetail,
  CollectionDigest,
  OkResponse,
  RenameCollectionRequest,
  SaveCollectionDigestRequest,
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
    getCollectionDigest: build.query<CollectionDigest, number>({
      query: (collectionId) => endpointRequest('getCollectionDigest', { body: { collectionId } }),
    }),
    saveCollectionDigest: build.mutation<CollectionDigest, SaveCollectionDigestRequest>({
      query: (body) => endpointRequest('saveCollectionDigest', { body }),
      // The answer is the new state: written into the query's cache rather than asked again.
      async onQueryStarted({ collectionId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(collectionApi.util.upsertQueryData('getCollectionDigest', collectionId, data));
      },
    }),
    deleteCollection: build.mutation<OkResponse, number>({
      query: (collectionId) => endpointRequest('deleteCollection', { body: { collectionId } }),
      // Gone from the drawer's list at once, not after the lists are asked for again.
      async onQueryStarted(collectionId, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(
          baseApi.util.updateQueryData('getCollections', undefined, (collections) =>
            collections.filter((collection) => collection.collection_id !== collectionId),
          ),
        );
      },
      invalidatesTags: [COLLECTION_LISTS],
    }),
  }),
});

export const {
  useGetCollectionQuery,
  useRenameCollectionMutation,
  useDeleteCollectionMutation,
  useGetCollectionDigestQuery,
  useSaveCollectionDigestMutation,
} = collectionApi;
