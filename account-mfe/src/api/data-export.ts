/**
 * `GET profile/export` (decisions.md "Your data"), apart from `./profile` because only the lazily
 * loaded "Your data" section calls it (see ./close-account.ts for why that matters to the budget).
 */
import { ApiError, apiClient } from '@scholars/shared-contracts';

/** The name the server gives the file (`Content-Disposition`), else the same pattern with today's date. */
function filenameOf(disposition: unknown): string {
  const named = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  if (named && /^[\w.-]+\.json$/.test(named)) return named;
  const today = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `scholars-hub-data-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.json`;
}

/**
 * The member's data file, fetched through the application client (it carries the session's token
 * and refreshes it once on a 401). A refusal (4xx: the limit's 429) is an {@link ApiError} with the
 * server's localized message, read from the body that arrived as a Blob.
 */
export async function fetchMyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await apiClient.get<Blob>('profile/export', { responseType: 'blob', silent: true, errorToast: false });
  const body = response.data as unknown;
  if (response.status >= 400 || !(body instanceof Blob)) {
    let envelope: { msg?: unknown; err?: unknown } = {};
    try {
      envelope = JSON.parse(body instanceof Blob ? await body.text() : String(body)) as typeof envelope;
    } catch {
      // Not the envelope: the caller's own message.
    }
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : undefined;
    throw new ApiError(msg ?? `profile/export answered ${response.status}`, {
      kind: 'rejected',
      status: response.status,
      msg,
      err: typeof envelope.err === 'number' || typeof envelope.err === 'string' ? envelope.err : undefined,
    });
  }
  return { blob: body, filename: filenameOf(response.headers['content-disposition']) };
}
