import { api, listTag, listTags, rowIds } from '@/client/app/api';
import type { CatalogueItem, CatalogueWriteBody } from '@/shared/contracts/catalogue';

export type { CatalogueItem } from '@/shared/contracts/catalogue';

/**
 * The catalogue (issue 28): loaded whole (a freelancer's catalogue is short) and searched on the
 * client, in the page and in the line editor's picker alike.
 */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<CatalogueItem[], void>({
      query: () => ({ url: 'catalogue/' }),
      providesTags: (rows) => listTags('CatalogueItem', rowIds(rows)),
    }),
    createCatalogueItem: build.mutation<CatalogueItem, CatalogueWriteBody>({
      query: (body) => ({ url: 'catalogue/', method: 'POST', data: body }),
      invalidatesTags: [listTag('CatalogueItem')],
    }),
    updateCatalogueItem: build.mutation<CatalogueItem, { id: number; body: CatalogueWriteBody }>({
      query: ({ id, body }) => ({ url: `catalogue/${id}/`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { id }) => [listTag('CatalogueItem'), { type: 'CatalogueItem', id }],
    }),
    deleteCatalogueItem: build.mutation<void, number>({
      query: (id) => ({ url: `catalogue/${id}/`, method: 'DELETE' }),
      invalidatesTags: [listTag('CatalogueItem')],
    }),
  }),
});

export const { useGetCatalogueQuery, useCreateCatalogueItemMutation, useUpdateCatalogueItemMutation, useDeleteCatalogueItemMutation } = catalogueApi;
