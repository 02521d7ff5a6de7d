/** The one envelope every JSON response uses (decisions.md, calls). */
export interface ApiEnvelope<T = unknown> {
  status: boolean;
  msg?: string;
  data?: T;
  /** Total count of a paginated list. */
  tot?: number;
  /** Machine-readable error code (e.g. 409 for an existing newsletter subscriber). */
  err?: number | string;
  /** Field errors of a rejected payload, keyed by field name. */
  errors?: Record<string, string | string[]>;
  /** Some failures carry a human message here (spec 8: "the server message"). */
  message?: string;
}

export type ApiErrorKind =
  /** The server answered (< 500) but the operation failed (falsy `status`, or HTTP 4xx on a mutation). */
  | 'rejected'
  /** HTTP 5xx. */
  | 'server'
  /** No answer: network down, CORS, DNS. */
  | 'network'
  | 'timeout'
  | 'canceled'
  /** The session could not be refreshed; the user is being sent to the login page. */
  | 'session-expired';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status, 0 when there was no response. */
  status: number;
  msg?: string;
  errors?: ApiEnvelope['errors'];
  err?: ApiEnvelope['err'];
  data?: unknown;
  cause?: unknown;
}

/** Every rejection of the API client is an `ApiError`. `message` is the text shown to the user. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly msg: string | undefined;
  readonly errors: ApiEnvelope['errors'] | undefined;
  readonly err: ApiEnvelope['err'] | undefined;
  /** The response body, when there was one. */
  readonly data: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.msg = init.msg;
    this.errors = init.errors;
    this.err = init.err;
    this.data = init.data;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'kind' in value);
}
