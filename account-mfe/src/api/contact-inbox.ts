/**
 * The contact inbox (administrators, issue 20) through the platform's one API client: the list,
 * a message (opening it marks it read), a reply e-mailed to the sender, handled / open again.
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type { ContactInboxQuery, ContactMessageDetails, ContactMessageItem, ContactReplyBody } from '@scholars/shared-contracts/schemas';
import { readPage } from './admin';

/** `GET admin/contact-messages?q=&state=&page=&limit=`, newest first. */
export const fetchContactMessages = (query: ContactInboxQuery, signal?: AbortSignal) => readPage<ContactMessageItem>('admin/contact-messages', query, signal);

/** `GET admin/contact-messages/{id}`: null when there is no such message. */
export async function fetchContactMessage(id: number, signal?: AbortSignal): Promise<ContactMessageDetails | null> {
  const response = await apiClient.get(`admin/contact-messages/${id}`, { silent: true, errorToast: false, signal });
  if (response.status === 404 || response.status === 400) return null;
  if (response.status >= 400) throw new Error(`contact message answered ${response.status}`);
  return envelopeData<ContactMessageDetails>(response.data, isDataObject, 'contact message');
}

async function post(path: string, body: unknown): Promise<ContactMessageDetails> {
  const response = await apiClient.post(path, body, { errorToast: false, successToast: true });
  return envelopeData<ContactMessageDetails>(response.data, isDataObject, path);
}

/** `POST admin/contact-messages/{id}/reply`. */
export const replyToContactMessage = (id: number, body: ContactReplyBody) => post(`admin/contact-messages/${id}/reply`, body);

/** `POST admin/contact-messages/{id}/handled`. */
export const markContactMessageHandled = (id: number, handled: boolean) => post(`admin/contact-messages/${id}/handled`, { handled });
