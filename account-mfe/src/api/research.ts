/** The author's view of their submissions (`research/mine`, `research/{id}`). Same conventions as ./profile. */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { ResearchMineItem, ResearchSubmission } from '@scholars/shared-contracts/schemas';

/** `GET research/mine` (the first 100, newest first): with the expected decision date. */
export async function fetchMyResearch(signal?: AbortSignal) {
  const response = await apiClient.get('research/mine', { params: { limit: 100 }, silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`research/mine answered ${response.status}`);
  return envelopeData<ResearchMineItem[]>(response.data, Array.isArray, 'research/mine');
}

/** `GET research/{id}`: the submission with its timeline (`history`). */
export async function fetchMySubmission(id: number, signal?: AbortSignal) {
  const response = await apiClient.get(`research/${id}`, { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`research/${id} answered ${response.status}`);
  return envelopeData<ResearchSubmission>(response.data, isDataObject, 'research');
}
