/**
 * The moderation console's calls (issue 20; reviewers, administrators): the queue of reported items,
 * an item in context, the decision, a research chat's settings, and the review's reason templates
 * for removals. Reads check the envelope's shape; changes resolve with the server's localized
 * message and reject with an ApiError carrying it.
 */
import { apiClient, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type {
  ChatSettingsBody,
  ModerationDecisionBody,
  ModerationItem,
  ModerationQueueItem,
  ReasonTemplate,
  ReportItemType,
  ResearchChatSettings,
} from '@scholars/shared-contracts/schemas';

export const MODERATION_PAGE_SIZE = 20;

/** `GET admin/moderation?page=&limit=`. */
export async function fetchModerationQueue(page: number, signal?: AbortSignal): Promise<{ data: ModerationQueueItem[]; tot: number }> {
  const response = await apiClient.get('admin/moderation', { silent: true, errorToast: false, signal, params: { page: String(page), limit: String(MODERATION_PAGE_SIZE) } });
  throwIfRejected(response.data, response.status);
  return envelopePage<ModerationQueueItem>(response.data, 'admin/moderation');
}

/** `GET admin/moderation/{type}/{id}`. */
export async function fetchModerationItem(type: ReportItemType, id: number, signal?: AbortSignal): Promise<ModerationItem> {
  const response = await apiClient.get(`admin/moderation/${type}/${id}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<ModerationItem>(response.data, isDataObject, 'admin/moderation/{type}/{id}');
}

/** `POST admin/moderation/{type}/{id}/decision`: resolves with the server's message. */
export async function decideModeration(type: ReportItemType, id: number, body: ModerationDecisionBody): Promise<string> {
  const response = await apiClient.post(`admin/moderation/${type}/${id}/decision`, body, { silent: true, errorToast: false });
  throwIfRejected(response.data, response.status);
  return (response.data as { msg?: string }).msg ?? '';
}

/** `GET admin/research-chat/{id}/settings`. */
export async function fetchChatSettings(researchId: number, signal?: AbortSignal): Promise<ResearchChatSettings> {
  const response = await apiClient.get(`admin/research-chat/${researchId}/settings`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<ResearchChatSettings>(response.data, isDataObject, 'admin/research-chat/{id}/settings');
}

/** `PUT admin/research-chat/{id}/settings`: resolves with the saved settings and the server's message. */
export async function saveChatSettings(researchId: number, body: ChatSettingsBody): Promise<{ msg: string; data: ResearchChatSettings }> {
  const response = await apiClient.put(`admin/research-chat/${researchId}/settings`, body, { silent: true, errorToast: false });
  throwIfRejected(response.data, response.status);
  return { msg: (response.data as { msg?: string }).msg ?? '', data: envelopeData<ResearchChatSettings>(response.data, isDataObject, 'admin/research-chat/{id}/settings') };
}

/** `GET review/reason-templates`: the bilingual removal reasons to start from (free text stays allowed). */
export async function fetchRemovalTemplates(signal?: AbortSignal): Promise<ReasonTemplate[]> {
  const response = await apiClient.get('review/reason-templates', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<ReasonTemplate[]>(response.data, Array.isArray, 'review/reason-templates').filter((template) => template.decision === 'removed');
}
