/**
 * The API client's implementation: axios with the product's call semantics (`createApiClient`).
 * Apps use the application client `apiClient` (api-client.ts), which fetches this module with its
 * first call; tests and tools make their own clients here.
 */
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import i18next, { type i18n as I18n } from 'i18next';
import { tokenStore, type TokenState } from '../auth/token-store';
import { eventBus } from '../events';
import type { EventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import type { Locale } from '../i18n/core';
import { getCurrentLocale, translateCommon } from '../i18n/instance';
import type { CommonKey } from '../i18n/resources';
import { sessionEndedPath } from '../routes';
import { ApiError, type ApiEnvelope, type ApiErrorKind } from './api-error';
import { DEFAULT_API_BASE, DEFAULT_TIMEOUT, REFRESH_TOKEN_PATH, isMutation, textsFor } from './defaults';
import type { StoreApi } from 'zustand/vanilla';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * No loader and no success toast: search, paginate and by-category POSTs (spec 7).
     * Failure toasts still show unless `errorToast: false`.
     */
    silent?: boolean;
    /**
     * Show a 'Success' toast when the call succeeds, with the server's `msg`, else this text
     * (when a string), else the default ('Operation completed successfully', 'Updated
     * successfully' for PUT/PATCH, 'Deleted successfully' for DELETE). Ignored when `silent`.
     */
    successToast?: boolean | string;
    /**
     * `false`: no warning or error toast; the caller shows the failure itself (inline form
     * errors, fetches that are only logged per spec 8). Default `true`.
     */
    errorToast?: boolean;
    /** A 401 on this call is returned as is, without refreshing the session (sign-in, sign-out). */
    skipAuthRefresh?: boolean;
    /** The loader may be closed with Escape, which aborts this call (spec 9). */
    cancellable?: boolean;
  }
}

export interface ApiClientOptions {
  /** Default '/api'. An absolute URL for a remote embedded on another site. */
  baseURL?: string;
  /** Session store (token to attach, refresh target). Default: the application `tokenStore`. */
  store?: StoreApi<TokenState>;
  /** Where toasts, loaders and `navigate` go. Default: the application `eventBus`. */
  bus?: EventBus<EventMap>;
  /** Default 60 000 ms. */
  timeout?: number;
  /**
   * Called once per failed refresh, after the store was cleared, with
   * '/login?error=session_expired' (plus `&redirect=` back to a page that needs a session). Default: emits `navigate` (replace) when something listens
   * to it, else `location.assign`.
   */
  onSessionExpired?: (loginPath: string) => void;
  /** i18next instance for the current language and texts. Default: the shared `i18next`. */
  i18n?: I18n;
  /** Overrides how the current locale (Accept-Language, toast texts) is found. */
  getLocale?: () => Locale;
}

/** What `createApiClient` makes: an axios instance with the product's call semantics. */
export interface AxiosApiClient extends AxiosInstance {
  /**
   * Refreshes the access token now (one call even if many ask at once). Resolves with the new
   * token; on failure clears the session, calls `onSessionExpired` and rejects.
   */
  refreshAccessToken(): Promise<string>;
}

interface RequestMeta {
  loaderId?: string;
  /** This is the replay of a request that got a 401: no loader, no second refresh. */
  retried?: boolean;
  /** The token the request carried, null when none. */
  sentToken?: string | null;
}
type ConfigWithMeta = InternalAxiosRequestConfig & { __scholars?: RequestMeta };

let loaderSequence = 0;
/**
 * The refresh in flight, per session store: every client over the same store (the application
 * client, a remote's extra client) shares it. Refresh tokens rotate and reuse revokes the whole
 * family (decisions.md), so two refreshes at once would sign the user out.
 */
const refreshInFlight = new WeakMap<object, Promise<string>>();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

function envelopeFields(body: unknown) {
  if (!isObject(body)) return { msg: undefined, message: undefined, errors: undefined, err: undefined };
  return {
    msg: nonEmptyString(body.msg),
    message: nonEmptyString(body.message),
    errors: isObject(body.errors) ? (body.errors as ApiEnvelope['errors']) : undefined,
    err: typeof body.err === 'number' || typeof body.err === 'string' ? body.err : undefined,
  };
}

/** Spec 7: the new token is `accessToken`, or `token`, or `data.accessToken`. */
function pickToken(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  return (
    nonEmptyString(body.accessToken) ??
    nonEmptyString(body.token) ??
    (isObject(body.data) ? nonEmptyString(body.data.accessToken) : undefined)
  );
}


/**
 * An axios instance with the product's call semantics (spec 7, 8, decisions.md):
 * - `withCredentials`, 60 s timeout, `Authorization: Bearer <token>`, `Accept-Language`;
 * - statuses below 500 are responses; a GET resolves with them;
 * - a POST succeeds only with a truthy body `status` (PUT/PATCH/DELETE: a 2xx whose body
 *   `status`, when present, is truthy); otherwise a warning toast and an {@link ApiError};
 * - 5xx, network errors and timeouts: an error toast and an {@link ApiError};
 * - a 401 on a call that carried a token triggers ONE refresh shared by all concurrent calls,
 *   which are then replayed with the new token; a failed refresh clears the session and
 *   goes to '/login?error=session_expired';
 * - `loading:start`/`loading:stop` around every non-silent call.
 */
export function createApiClient(options: ApiClientOptions = {}): AxiosApiClient {
  const store = options.store ?? tokenStore;
  const bus = options.bus ?? eventBus;
  const i18n = options.i18n ?? i18next;
  const getLocale = options.getLocale ?? (() => getCurrentLocale(i18n));
  const t = (key: CommonKey) => translateCommon(key, i18n, getLocale());
  const onSessionExpired =
    options.onSessionExpired ??
    ((path: string) => {
      if (bus.listenerCount('navigate') > 0) bus.emit('navigate', { to: path, replace: true });
      else if (typeof window !== 'undefined') window.location.assign(path);
    });

  const instance = axios.create({
    baseURL: options.baseURL ?? DEFAULT_API_BASE,
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    withCredentials: true,
    validateStatus: (status) => status < 500,
  });
  // The refresh call goes around the interceptors: no Authorization, no envelope check, and a
  // 401 on it can never start another refresh.
  const refresher = axios.create({ withCredentials: true, validateStatus: (status) => status < 500 });

  const sessionExpiredError = (key: CommonKey, cause?: unknown) =>
    new ApiError(t(key), { kind: 'session-expired', status: 401, cause });

  const SUSPENDED = 'account_suspended';

  async function callRefresh(): Promise<string> {
    const response = await refresher.post(REFRESH_TOKEN_PATH, undefined, {
      baseURL: instance.defaults.baseURL,
      timeout: instance.defaults.timeout,
      headers: { 'Accept-Language': getLocale() },
    });
    if (response.status >= 400) {
      // A suspended account is told so (the API's localized message, with its end), not "expired".
      const body = response.data as { err?: unknown; msg?: unknown } | undefined;
      if (body?.err === SUSPENDED && typeof body.msg === 'string') throw new ApiError(body.msg, { kind: 'session-expired', status: response.status, msg: body.msg, err: SUSPENDED });
      throw sessionExpiredError('auth.failedToRefresh');
    }
    const token = pickToken(response.data);
    if (!token) throw sessionExpiredError('auth.noAccessToken');
    store.getState().setAccessToken(token);
    return token;
  }

  function refreshOnce(staleToken: string | null): Promise<string> {
    const inFlight = refreshInFlight.get(store);
    if (inFlight) return inFlight;
    const run = async () => {
      // Another tab may have refreshed while this one waited for the lock.
      store.getState().reload();
      const current = store.getState().accessToken;
      if (current && current !== staleToken) return current;
      return callRefresh();
    };
    // Web Locks serialise refreshes across the tabs of the site (where supported).
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const refreshing = (locks ? locks.request('scholars:token-refresh', run) : run())
      .catch((error: unknown) => {
        const ended = error instanceof ApiError && error.err === SUSPENDED ? 'suspended' : 'expired';
        store.getState().clear(ended);
        try {
          onSessionExpired(sessionEndedPath(ended, typeof window === 'undefined' ? undefined : window.location));
        } catch (navigationError) {
          console.error('[shared-contracts] onSessionExpired threw', navigationError);
        }
        throw error instanceof ApiError && error.kind === 'session-expired'
          ? error
          : sessionExpiredError('auth.failedToRefresh', error);
      })
      .finally(() => {
        refreshInFlight.delete(store);
      });
    refreshInFlight.set(store, refreshing);
    return refreshing;
  }

  function stopLoader(config: ConfigWithMeta | undefined) {
    const meta = config?.__scholars;
    if (!meta?.loaderId || meta.retried) return;
    const id = meta.loaderId;
    delete meta.loaderId;
    bus.emit('loading:stop', { id });
  }

  instance.interceptors.request.use((config: ConfigWithMeta) => {
    const meta: RequestMeta = (config.__scholars ??= {});
    const token = store.getState().accessToken;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    meta.sentToken = token;
    if (!config.headers.has('Accept-Language')) config.headers.set('Accept-Language', getLocale());
    if (!config.silent && !meta.retried && !meta.loaderId) {
      const id = `api-${++loaderSequence}`;
      meta.loaderId = id;
      let onCancel: (() => void) | undefined;
      if (config.cancellable && !config.signal) {
        const controller = new AbortController();
        config.signal = controller.signal;
        onCancel = () => controller.abort();
      }
      bus.emit('loading:start', onCancel ? { id, cancellable: true, onCancel } : { id });
    }
    return config;
  });

  async function onResponse(response: AxiosResponse): Promise<AxiosResponse> {
    const config = response.config as ConfigWithMeta;
    const meta = config.__scholars ?? {};
    const method = (config.method ?? 'get').toLowerCase();

    if (
      response.status === 401 &&
      !config.skipAuthRefresh &&
      !meta.retried &&
      meta.sentToken &&
      !isRefreshCall(config)
    ) {
      await refreshOnce(meta.sentToken);
      const replay: ConfigWithMeta = { ...config, __scholars: { retried: true } };
      return instance.request(replay);
    }

    const body: unknown = response.data;
    const fields = envelopeFields(body);
    const texts = textsFor(method);
    let failed = false;
    if (method === 'post') failed = !(isObject(body) && body.status);
    else if (isMutation(method))
      failed = response.status >= 400 || (isObject(body) && 'status' in body && !body.status);

    if (failed) {
      const message = fields.msg ?? t(texts.failed);
      if (config.errorToast !== false) bus.emit('toast', { kind: 'warning', title: t('toast.warning'), message });
      throw new ApiError(message, {
        kind: 'rejected',
        status: response.status,
        msg: fields.msg,
        errors: fields.errors,
        err: fields.err,
        data: body,
      });
    }
    if (config.successToast && !config.silent) {
      const custom = typeof config.successToast === 'string' ? config.successToast : undefined;
      bus.emit('toast', { kind: 'success', title: t('toast.success'), message: fields.msg ?? custom ?? t(texts.success) });
    }
    return response;
  }

  function onError(error: unknown): never {
    if (error instanceof ApiError) throw error;
    const axiosError = axios.isAxiosError(error) ? (error as AxiosError) : undefined;
    const config = axiosError?.config as ConfigWithMeta | undefined;
    if (axios.isCancel(error) || axiosError?.code === 'ERR_CANCELED') {
      throw new ApiError(axiosError?.message || 'canceled', { kind: 'canceled', status: 0, cause: error });
    }
    const response = axiosError?.response;
    const fields = envelopeFields(response?.data);
    const method = (config?.method ?? 'get').toLowerCase();
    const kind: ApiErrorKind = response
      ? 'server'
      : axiosError?.code === 'ECONNABORTED' || axiosError?.code === 'ETIMEDOUT'
        ? 'timeout'
        : 'network';
    // Spec 8: the server message, else msg, else the error's message, else a default. Axios's
    // own messages ('Network Error', 'timeout of 60000ms exceeded') are English-only, so a
    // localized default replaces them.
    const ownMessage = !axiosError && error instanceof Error ? nonEmptyString(error.message) : undefined;
    const message = fields.message ?? fields.msg ?? ownMessage ?? t(textsFor(method).threw);
    if (config?.errorToast !== false) bus.emit('toast', { kind: 'error', title: t('toast.error'), message });
    throw new ApiError(message, {
      kind,
      status: response?.status ?? 0,
      msg: fields.msg,
      errors: fields.errors,
      err: fields.err,
      data: response?.data,
      cause: error,
    });
  }

  instance.interceptors.response.use(
    async (response) => {
      try {
        return await onResponse(response);
      } finally {
        stopLoader(response.config as ConfigWithMeta);
      }
    },
    (error: unknown) => {
      try {
        return onError(error);
      } finally {
        stopLoader(axios.isAxiosError(error) ? (error.config as ConfigWithMeta | undefined) : undefined);
      }
    },
  );

  return Object.assign(instance, {
    refreshAccessToken: () => refreshOnce(store.getState().accessToken),
  });
}

function isRefreshCall(config: InternalAxiosRequestConfig): boolean {
  const url = (config.url ?? '').split(/[?#]/)[0] ?? '';
  return url.replace(/\/+$/, '').endsWith(REFRESH_TOKEN_PATH);
}
