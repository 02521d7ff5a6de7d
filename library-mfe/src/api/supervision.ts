/**
 * Supervisors and their students (`supervision/...`): the student's side (name one, remind) and the
 * supervisor's "My students". Refusals are ApiErrors with the server's localized `msg`.
 */
import { apiClient, envelopeData, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type { SupervisedStudent, SupervisionMine } from '@scholars/shared-contracts/schemas';

const mine = (body: unknown, call: string) => envelopeData<SupervisionMine>(body, isDataObject, call);

/** `GET supervision/mine`: the accepted supervisor, or the invitation waiting for an answer. */
export async function fetchMySupervision(signal?: AbortSignal): Promise<SupervisionMine> {
  const response = await apiClient.get('supervision/mine', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return mine(response.data, 'supervision/mine');
}

/** `POST supervision/mine`: name a supervisor by e-mail (withdraws a pending invitation). */
export async function nameSupervisor(email: string): Promise<{ msg?: string; data: SupervisionMine }> {
  const response = await apiClient.post('supervision/mine', { email }, { errorToast: false });
  throwIfRejected(response.data, response.status);
  return { msg: (response.data as { msg?: string }).msg, data: mine(response.data, 'supervision/mine') };
}

/** `POST supervision/mine/remind`: e-mail the invitation again (rate limited). */
export async function remindSupervisor(): Promise<{ msg?: string; data: SupervisionMine }> {
  const response = await apiClient.post('supervision/mine/remind', {}, { errorToast: false });
  throwIfRejected(response.data, response.status);
  return { msg: (response.data as { msg?: string }).msg, data: mine(response.data, 'supervision/mine/remind') };
}

/** `GET supervision/students`: the supervisor's students with their open submissions. */
export async function fetchMyStudents(signal?: AbortSignal): Promise<SupervisedStudent[]> {
  const response = await apiClient.get('supervision/students', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<SupervisedStudent[]>(response.data, Array.isArray, 'supervision/students');
}
