/**
 * Keys of the data a server-rendered page was rendered with (`preloadedData`): the server module
 * (exposes/server.tsx) stores each answer under the key the page reads it with.
 */
export const preloadKeys = {
  publicProfile: (id: string) => `users/${id}/profile`,
};
