/** The user's conference registrations (the conferences remote's data, shown in the profile), without zod. */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { MyRegistration } from '@scholars/shared-contracts/schemas';

/** `GET conference-registrations/mine`; null when the API does not have it (404). */
export async function fetchMyRegistrations(signal?: AbortSignal) {
  const response = await apiClient.get('conference-registrations/mine', { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference registrations answered ${response.status}`);
  return envelopeData<MyRegistration[]>(response.data, Array.isArray, 'conference-registrations/mine');
}

/** `DELETE conference/{id}/register`: cancels the user's registration; the envelope's message, in the user's language. */
export async function cancelRegistration(conferenceId: number): Promise<string | undefined> {
  const response = await apiClient.delete(`conference/${conferenceId}/register`, { errorToast: false });
  const body = response.data as { status?: unknown; msg?: unknown } | null;
  if (body?.status !== true) throw new Error('Unexpected response shape: conference/register (cancel)');
  return typeof body.msg === 'string' ? body.msg : undefined;
}
