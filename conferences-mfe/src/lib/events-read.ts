/**
 * The events carousel's read, kept apart from `./api` so that the home page's widget loads no zod
 * schema (zod is ~90 KiB gzip; issue 6). The API validates this response against
 * `conferencePageResponseSchema` before sending it; here only the envelope's shape is checked.
 */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { ConferenceListItem, ConferencePaginateBody } from '@scholars/shared-contracts/schemas';

export interface ConferencePage {
  status: true;
  data: ConferenceListItem[];
  tot: number;
}

/** `POST conference/paginate` (events carousel): failures are only logged by the caller (spec 8). */
export async function fetchConferencePage(body: ConferencePaginateBody): Promise<ConferencePage> {
  const response = await apiClient.post('conference/paginate', body, { silent: true, errorToast: false });
  envelopeData(response.data, Array.isArray);
  return response.data as ConferencePage;
}
