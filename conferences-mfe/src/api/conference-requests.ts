/**
 * Conference requests (sign-in): parsed with the shared zod schemas, the very ones the request form
 * validates with. Only the request page imports this module (and zod with it).
 */
import { apiClient } from '@scholars/shared-contracts';
import { conferenceRequestResponseSchema, type ConferenceRequestData } from '@scholars/shared-contracts/schemas';

/** `GET conference-requests/{id}`: the owner's request; null when there is none (someone else's is 404 too). */
export async function fetchConferenceRequest(id: string, signal?: AbortSignal) {
  const response = await apiClient.get(`conference-requests/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  return conferenceRequestResponseSchema.parse(response.data).data;
}

/** `POST conference-requests` (new) or `PUT conference-requests/{id}` (edit, while pending). */
export async function saveConferenceRequest(data: ConferenceRequestData, id?: number) {
  const response = id
    ? await apiClient.put(`conference-requests/${id}`, data, { errorToast: false })
    : await apiClient.post('conference-requests', data, { errorToast: false });
  return conferenceRequestResponseSchema.parse(response.data);
}
