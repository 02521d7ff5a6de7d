/**
 * The review and supervision consoles' calls (`review/...`, the research's file link), through the
 * shared `apiClient`. Reads check the envelope's shape (the API validates each answer with the
 * shared schema before sending it); decisions and assignments are POST/PUT whose refusals are
 * ApiErrors carrying the server's localized `msg`.
 */
import { apiClient, envelopeData, envelopePage, isDataObject, throwIfRejected } from '@scholars/shared-contracts';
import type { ReasonTemplate, ResearchFileLink, ReviewDetails, ReviewItem, ReviewListQuery, ReviewTransitionBody } from '@scholars/shared-contracts/schemas';

type Person = { id: number; name: string; email: string };

/** The query string of `GET review/research`: only the filters that are set (defaults left to the API). */
export function reviewQueryParams(query: ReviewListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params[key] = String(value);
  }
  return params;
}

/** `GET review/research`: a page of the queue. */
export async function fetchReviewQueue(query: ReviewListQuery, signal?: AbortSignal): Promise<{ data: ReviewItem[]; tot: number }> {
  const response = await apiClient.get('review/research', { silent: true, errorToast: false, signal, params: reviewQueryParams(query) });
  throwIfRejected(response.data, response.status);
  return envelopePage<ReviewItem>(response.data, 'review/research');
}

/** `GET review/research/{id}`: the submission, who is involved, its timeline and the allowed moves. */
export async function fetchReviewDetails(id: string, signal?: AbortSignal): Promise<ReviewDetails> {
  const response = await apiClient.get(`review/research/${encodeURIComponent(id)}`, { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<ReviewDetails>(response.data, isDataObject, 'review/research/{id}');
}

/** `POST review/research/{id}/transition`: the decision; resolves with the server's localized message. */
export async function decideResearch(id: number, body: ReviewTransitionBody): Promise<{ msg?: string }> {
  const response = await apiClient.post(`review/research/${id}/transition`, body, { errorToast: false });
  throwIfRejected(response.data, response.status);
  return { msg: (response.data as { msg?: string }).msg };
}

/** `PUT review/research/{id}/assignee`: a reviewer, or null to unassign. */
export async function assignReviewer(id: number, reviewerId: number | null): Promise<{ msg?: string }> {
  const response = await apiClient.put(`review/research/${id}/assignee`, { reviewer_id: reviewerId }, { errorToast: false });
  throwIfRejected(response.data, response.status);
  return { msg: (response.data as { msg?: string }).msg };
}

/** `GET review/reviewers`: who a submission can be assigned to. */
export async function fetchReviewers(signal?: AbortSignal): Promise<Person[]> {
  const response = await apiClient.get('review/reviewers', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<Person[]>(response.data, Array.isArray, 'review/reviewers');
}

/** `GET review/reason-templates`: bilingual reasons to start a decision's text from. */
export async function fetchReasonTemplates(signal?: AbortSignal): Promise<ReasonTemplate[]> {
  const response = await apiClient.get('review/reason-templates', { silent: true, errorToast: false, signal });
  throwIfRejected(response.data, response.status);
  return envelopeData<ReasonTemplate[]>(response.data, Array.isArray, 'review/reason-templates');
}

/** `POST research/{id}/file-link`: short-lived addresses of the submission's PDF (owner, supervisor, reviewer, admin). */
export async function fetchResearchFileLink(id: number): Promise<ResearchFileLink> {
  const response = await apiClient.post(`research/${id}/file-link`, {}, { silent: true, errorToast: false });
  throwIfRejected(response.data, response.status);
  return envelopeData<ResearchFileLink>(response.data, isDataObject, 'research/file-link');
}
