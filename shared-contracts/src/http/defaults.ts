/**
 * The API client's constants and call texts, without axios: the lazy `apiClient` (api-client.ts)
 * and its axios implementation (client.ts) both read them.
 */
import type { CommonKey } from '../i18n/resources';

/** Path of the refresh call, relative to the API base (spec 7). */
export const REFRESH_TOKEN_PATH = 'tokens/refresh-token';
export const DEFAULT_API_BASE = '/api';
/** Spec 7 and 9: 60 s. */
export const DEFAULT_TIMEOUT = 60_000;
/** Path of the captcha challenge call, relative to the API base. */
export const CAPTCHA_CHALLENGE_PATH = 'captcha/challenge';

export interface CallTexts {
  /** The answer said no (`status: false`, a 4xx on a mutation). */
  failed: CommonKey;
  /** No answer (network, timeout, 5xx). */
  threw: CommonKey;
  success: CommonKey;
}

const MUTATION_TEXTS: Record<string, CallTexts> = {
  post: { failed: 'messages.operationFailed', threw: 'messages.operationFailed', success: 'messages.operationCompleted' },
  put: { failed: 'messages.errorDuringUpdate', threw: 'messages.errorDuringUpdate', success: 'messages.updated' },
  patch: { failed: 'messages.errorDuringUpdate', threw: 'messages.errorDuringUpdate', success: 'messages.updated' },
  delete: { failed: 'messages.failedToDelete', threw: 'messages.errorDuringDeletion', success: 'messages.deleted' },
};
const READ_TEXTS: CallTexts = { failed: 'messages.failedToFetch', threw: 'messages.failedToFetch', success: 'messages.operationCompleted' };

/** Spec 8's texts of a call by its method (lower case). */
export const textsFor = (method: string): CallTexts => MUTATION_TEXTS[method] ?? READ_TEXTS;
/** Methods whose answer must say yes (a POST's truthy `status`; a 2xx for the others). */
export const isMutation = (method: string): boolean => method in MUTATION_TEXTS;
