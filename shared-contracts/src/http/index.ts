export { DEFAULT_API_BASE, DEFAULT_TIMEOUT, REFRESH_TOKEN_PATH } from './defaults';
export { apiClient, apiUrl, configureApi } from './api-client';
export type { ApiClient, ApiConfig, ApiResponse } from './api-client';
// The axios implementation is fetched by `apiClient` on first use; its options' type only here.
export type { ApiClientOptions, AxiosApiClient } from './client';
export { ApiError, isApiError } from './api-error';
export type { ApiEnvelope, ApiErrorInit, ApiErrorKind } from './api-error';
export { envelopeData, envelopePage, isDataObject, throwIfRejected } from './envelope-data';
export { DEFAULT_FILES_BASE, fileUrl, getFilesBase, setFilesBase } from './files';
export { CAPTCHA_CHALLENGE_PATH } from './defaults';
export { obtainCaptcha } from './captcha';
export type { ObtainCaptchaOptions } from './captcha';
