/** The user's conference registrations (the conferences remote's data, shown in the profile), without zod. */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { MyRegistration, MyWaitingPlace } from '@scholars/shared-contracts/schemas';

/** `GET conference-registrations/mine`; null when the API does not have it (404). */
export async function fetchMyRegistrations(signal?: AbortSignal) {
  const response = await apiClient.get('conference-registrations/mine', { silent: true, errorToast: false, signal });
  if (response.status === 404) return null;
  if (response.status >= 400) throw new Error(`conference registrations answered ${response.status}`);
  return envelopeData<MyRegistration[]>(response.data, Array.isArray, 'conference-registrations/mine');
}

/** `GET conference-waiting-lists/mine`: the user's places on waiting lists; none when the API cannot say (the registrations still show). */
export async function fetchMyWaitingPlaces(signal?: AbortSignal): Promise<MyWaitingPlace[]> {
  const response = await apiClient.get('conference-waiting-lists/mine', { silent: true, errorToast: false, signal });
  return response.status >= 400 ? [] : envelopeData<MyWaitingPlace[]>(response.data, Array.isArray, 'conference-waiting-lists/mine');
}

/**
 * `DELETE conference/{id}/register` (cancels the registration) or `DELETE conference/{id}/waiting-list`
 * (leaves it): the envelope's message, in the user's language.
 */
export async function withdrawFrom(conferenceId: number, from: 'register' | 'waiting-list'): Promise<string | undefined> {
  const response = await apiClient.delete(`conference/${conferenceId}/${from}`, { errorToast: false });
  const body = response.data as { status?: unknown; msg?: unknown } | null;
  if (body?.status !== true) throw new Error(`Unexpected response shape: conference/${from} (delete)`);
  return typeof body.msg === 'string' ? body.msg : undefined;
}

/** `GET conference-registrations/{id}/certificate`: the certificate of attendance (PDF), bearer-authenticated, so fetched as a blob. */
export async function fetchCertificate(registrationId: number): Promise<Blob> {
  const response = await apiClient.get<Blob>(`conference-registrations/${registrationId}/certificate`, { responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`certificate answered ${response.status}`);
  return response.data;
}
