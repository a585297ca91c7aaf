import { baseApi } from '@blogstream/shared/api';
import type {
  CollectionDetail,
  OkResponse,
  RenameCollectionRequest,
} from '@blogstream/shared/contract';

const collectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCollection: build.query<CollectionDetail, number>({
      query: (collectionId) => ({ url: '/get_collection', body: { collectionId } }),
      providesTags: ['Collections'],
    }),
    renameCollection: build.mutation<OkResponse, RenameCollectionRequest>({
      query: (body) => ({ url: '/rename_collection', body }),
      invalidatesTags: ['Collections'],
    }),
    deleteCollection: build.mutation<OkResponse, number>({
      query: (collectionId) => ({ url: '/delete_collection', body: { collectionId } }),
      invalidatesTags: ['Collections'],
    }),
  }),
});

export const { useGetCollectionQuery, useRenameCollectionMutation, useDeleteCollectionMutation } =
  collectionApi;
