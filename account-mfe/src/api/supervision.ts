/**
 * Supervision (`supervision/...`): the student's supervisor or pending invitation, naming one and
 * reminding them, and the academic's answer to an invitation link. Same conventions as ./profile.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { SupervisionInvitation, SupervisionMine } from '@scholars/shared-contracts/schemas';

type Answer<T> = { status: true; msg?: string; data: T };

/** `GET supervision/mine`. */
export async function fetchMySupervision(signal?: AbortSignal) {
  const response = await apiClient.get('supervision/mine', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`supervision answered ${response.status}`);
  return envelopeData<SupervisionMine>(response.data, isDataObject, 'supervision/mine');
}

/** `POST supervision/mine`: name a supervisor by e-mail (a pending invitation is withdrawn). */
export async function nameSupervisor(email: string) {
  const response = await apiClient.post('supervision/mine', { email }, { errorToast: false, successToast: true });
  return response.data as Answer<SupervisionMine>;
}

/** `POST supervision/mine/remind`. */
export async function remindSupervisor() {
  const response = await apiClient.post('supervision/mine/remind', {}, { errorToast: false, successToast: true });
  return response.data as Answer<SupervisionMine>;
}

/** `GET supervision/invitations/{token}`: null when the link names no invitation. */
export async function fetchInvitation(token: string, signal?: AbortSignal) {
  const response = await apiClient.get(`supervision/invitations/${encodeURIComponent(token)}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400 || response.status === 410) return null;
  if (response.status >= 400) throw new Error(`invitation answered ${response.status}`);
  return envelopeData<SupervisionInvitation>(response.data, isDataObject, 'supervision invitation');
}

/** `POST supervision/invitations/{token}`. */
export async function answerInvitation(token: string, decision: 'accept' | 'decline') {
  const response = await apiClient.post(`supervision/invitations/${encodeURIComponent(token)}`, { decision }, { errorToast: false, successToast: true });
  return response.data as Answer<SupervisionInvitation>;
}
