/**
 * The application API client, `apiClient`. Its axios implementation (client.ts: axios and the
 * product's call semantics, ~20 KiB compressed) is fetched with the first call, or when `preload()`
 * is asked (the shell asks at the reader's first tap or key), not with every page: a visitor who
 * only reads a page whose data came with the document never needs it (issue 6).
 *
 * Until then the client keeps its configuration (`configureApi`) and answers what needs no call
 * (`defaults`, `getUri`, `apiUrl`). Every call made before the implementation has arrived waits
 * for it; one that cannot be fetched (offline) fails as a network failure does: an error toast
 * unless `errorToast: false`, and an {@link ApiError} of kind `network`.
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import i18next from 'i18next';
import { eventBus } from '../events';
import { getCurrentLocale, translateCommon } from '../i18n/instance';
import { ApiError, type ApiEnvelope } from './api-error';
import type { AxiosApiClient } from './client';
import { DEFAULT_API_BASE, DEFAULT_TIMEOUT, textsFor } from './defaults';
import { setFilesBase } from './files';

/** `AxiosResponse` of an enveloped body: `const { data } = await api.get<ApiEnvelope<Plan[]>>(...)`. */
export type ApiResponse<T = unknown> = AxiosResponse<ApiEnvelope<T>>;

type CallMethod = 'get' | 'delete' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'request';

/** The application client: axios's call methods (with the options of client.ts) and its configuration. */
export interface ApiClient extends Pick<AxiosInstance, CallMethod> {
  /** The base and timeout every call starts from (set them with `configureApi`). */
  readonly defaults: { baseURL: string; timeout: number };
  /** The address a call would go to (`url` on the base, `params` as the query), e.g. for a link. */
  getUri(config?: Pick<AxiosRequestConfig, 'url' | 'baseURL' | 'params'>): string;
  /**
   * Refreshes the access token now (one call even if many ask at once). Resolves with the new
   * token; on failure clears the session, goes to the sign-in page and rejects.
   */
  refreshAccessToken(): Promise<string>;
  /** Fetches the implementation now, so that the next call does not wait for it. Never rejects. */
  preload(): Promise<void>;
}

let implementation: AxiosApiClient | undefined;
const settings = { baseURL: DEFAULT_API_BASE, timeout: DEFAULT_TIMEOUT };
/** The client's base and timeout: kept here until the implementation exists, then passed on to it too. */
const defaults = {
  get baseURL() {
    return settings.baseURL;
  },
  set baseURL(value: string) {
    settings.baseURL = value;
    if (implementation) implementation.defaults.baseURL = value;
  },
  get timeout() {
    return settings.timeout;
  },
  set timeout(value: number) {
    settings.timeout = value;
    if (implementation) implementation.defaults.timeout = value;
  },
};
let loading: Promise<AxiosApiClient> | undefined;

function load(): Promise<AxiosApiClient> {
  if (implementation) return Promise.resolve(implementation);
  loading ??= import('./client').then(
    ({ createApiClient }) => (implementation = createApiClient({ baseURL: defaults.baseURL, timeout: defaults.timeout })),
    (error: unknown) => {
      // A later call tries again (the connection may be back).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The implementation could not be fetched: the call fails as a call without an answer does. */
function notLoaded(method: string, config: AxiosRequestConfig | undefined, cause: unknown): ApiError {
  const message = translateCommon(textsFor(method).threw, i18next, getCurrentLocale(i18next));
  if (config?.errorToast !== false) {
    eventBus.emit('toast', { kind: 'error', title: translateCommon('toast.error', i18next, getCurrentLocale(i18next)), message });
  }
  return new ApiError(message, { kind: 'network', status: 0, cause });
}

/** `method` of the implementation, once it is here; `configAt` is where the call's options are. */
function forward<M extends CallMethod>(method: M, configAt: number): AxiosInstance[M] {
  return ((...args: unknown[]) =>
    load().then(
      (client) => (client[method] as (...callArgs: unknown[]) => Promise<unknown>)(...args),
      (error: unknown) => {
        const config = args[configAt] as AxiosRequestConfig | undefined;
        throw notLoaded(method === 'request' ? (config?.method ?? 'get').toLowerCase() : method, config, error);
      },
    )) as AxiosInstance[M];
}

const absolute = (url: string) => /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);

export const apiClient: ApiClient = {
  get: forward('get', 1),
  delete: forward('delete', 1),
  head: forward('head', 1),
  options: forward('options', 1),
  post: forward('post', 2),
  put: forward('put', 2),
  patch: forward('patch', 2),
  request: forward('request', 0),
  defaults,
  getUri({ url = '', baseURL = defaults.baseURL, params } = {}) {
    const full = absolute(url) || !baseURL ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.append(name, String(value));
    }
    const search = query.toString();
    return search ? `${full}${full.includes('?') ? '&' : '?'}${search}` : full;
  },
  refreshAccessToken: () => load().then((client) => client.refreshAccessToken()),
  preload: () => load().then(
    () => undefined,
    () => undefined,
  ),
};

export interface ApiConfig {
  /** API base, e.g. '/api' or 'https://platform.example/api'. */
  baseURL?: string;
  /** Files base, e.g. '/files/' or 'https://platform.example/files/'. */
  filesBase?: string;
  timeout?: number;
}

/**
 * An address relative to the API base (`research-community/3/file?token=...`) made absolute, for
 * what the browser fetches itself (links, frames, sockets) rather than through `apiClient`.
 */
export function apiUrl(relative: string, client: { defaults: { baseURL?: string } } = apiClient): string {
  const base = client.defaults.baseURL ?? DEFAULT_API_BASE;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
  const absoluteBase = new URL(base.endsWith('/') ? base : `${base}/`, origin);
  return new URL(relative.replace(/^\/+/, ''), absoluteBase).toString();
}

/** Points the application `apiClient` (and `fileUrl`) at a server; call once at start-up. */
export function configureApi(config: ApiConfig): void {
  if (config.baseURL !== undefined) defaults.baseURL = config.baseURL;
  if (config.timeout !== undefined) defaults.timeout = config.timeout;
  if (config.filesBase !== undefined) setFilesBase(config.filesBase);
}
