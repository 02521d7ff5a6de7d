export {
  DEFAULT_API_BASE,
  DEFAULT_TIMEOUT,
  REFRESH_TOKEN_PATH,
  apiClient,
  apiUrl,
  configureApi,
  createApiClient,
} from './client';
export type { ApiClient, ApiClientOptions, ApiConfig, ApiResponse } from './client';
export { ApiError, isApiError } from './api-error';
export type { ApiEnvelope, ApiErrorInit, ApiErrorKind } from './api-error';
export { envelopeData, envelopePage, isDataObject, throwIfRejected } from './envelope-data';
export { DEFAULT_FILES_BASE, fileUrl, getFilesBase, setFilesBase } from './files';
export { CAPTCHA_CHALLENGE_PATH, obtainCaptcha } from './captcha';
export type { ObtainCaptchaOptions } from './captcha';
