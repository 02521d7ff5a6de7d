import type { ConferenceByCategoryBody } from '@scholars/shared-contracts/schemas';

/**
 * Keys of the data a server-rendered page was rendered with (`preloadedData`): the server module
 * (exposes/server.tsx) stores each answer under the key the page reads it with.
 */
export const preloadKeys = {
  categories: 'conference-categories',
  byCategory: (body: ConferenceByCategoryBody) => `conference/by-category ${JSON.stringify(body)}`,
  conference: (id: string) => `conference/${id}`,
};
