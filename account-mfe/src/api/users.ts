/** Public profiles (`users/{id}/profile`), without zod (the server render, exposes/server.tsx, parses). */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { PublicProfile } from '@scholars/shared-contracts/schemas';

/** A member id as the API takes it in a path (digits); anything else names no member. */

export const publicProfilePath = (id: string) => `users/${encodeURIComponent(id)}/profile`;

/** `GET users/{id}/profile`; null when there is no such (visible) user. */
export async function fetchPublicProfile(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(publicProfilePath(id), { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`public profile answered ${response.status}`);
  return envelopeData<PublicProfile>(response.data, isDataObject, 'public profile');
}
