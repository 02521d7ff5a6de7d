/**
 * Values of the contracts that a page needs without validating anything (a filter's choices, a
 * list's keys, a page count): no zod here, so a page that only reads loads none (issue 6). The
 * schemas are built from these same values. `@scholars/shared-contracts/constants`.
 */

/** Largest value of a PostgreSQL `integer`: every row id fits in it. */
export const ROW_ID_MAX = 2_147_483_647;

/** The one shape of a row id in an address (`/conference/42`, `?edit=7`, a token's subject): 1 to 10 digits. */
export const ROUTE_ID_PATTERN = /^\d{1,10}$/;

/**
 * The row id an address names (a path segment, a query value), or null when it names none: not
 * digits, 0, or past the largest id. Every page reads its ids through this, so an address that
 * names no row is the not-found page everywhere, never a call with a malformed id.
 */
export function routeId(value: string | null | undefined): number | null {
  if (!value || !ROUTE_ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= ROW_ID_MAX ? id : null;
}

/** Conference formats (`mode`). */
export const CONFERENCE_MODES = ['online', 'onsite', 'hybrid'] as const;

/** Spec 3: the important dates of a conference (calendar dates in the conference's zone). */
export const IMPORTANT_DATE_KEYS = [
  'paper_submission_deadline',
  'notification_of_acceptance',
  'camera_ready_submission',
  'start_date',
  'end_date',
  'abstract_deadline',
  'full_paper_deadline',
  'early_bird_deadline',
] as const;
export type ImportantDateKey = (typeof IMPORTANT_DATE_KEYS)[number];

/** Number of pages for `tot` matches (spec 7: `ceil(tot / limit)`, at least 1). */
export function pageCount(tot: number, limit: number): number {
  return Math.max(1, Math.ceil(tot / limit));
}

/** Bounded pagination (spec 7 paginate calls). */
export const PAGINATE_LIMIT_MAX = 100;
export const PAGINATE_PAGE_MAX = 1_000_000;
export const SEARCH_MAX_LENGTH = 200;

/** The two tabs of the library (spec 2): university libraries and e-books. */
export const LIBRARY_COLLECTIONS = ['university', 'ebooks'] as const;
export type LibraryCollection = (typeof LIBRARY_COLLECTIONS)[number];
/** Items per page of the library screen. */
export const LIBRARY_PAGE_SIZE = 9;

/** Longest chat message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages per history page by default, and at most. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_SIZE_MAX = 100;
/** The socket path, relative to the API base: `/api/chat/ws`. */
export const CHAT_SOCKET_PATH = 'chat/ws';

/** Largest avatar (bytes); a bigger upload is answered 413. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Image types an avatar may have (checked by content, not by name). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Longest profile bio, in characters. */
export const BIO_MAX_LENGTH = 2000;

/**
 * Permissions-Policy of every page the site serves (the shell's pages, the API's HTML pages):
 * the device and browser features no page uses (no camera, microphone, location, payment sheet,
 * passkeys or device access; payments happen on the provider's own page), denied to the page and
 * to every frame in it. Only features Chromium knows: an unknown one (bluetooth) is a console error
 * on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export { BILLING_ERR } from './billing-codes';

/** `/failed?reason=canceled`: the buyer left the checkout (nothing charged), told apart from a refused payment. */
export const CHECKOUT_CANCELED = 'canceled';

/** sessionStorage: the page a member went to the plans from (a locked file, the chat); /success offers the way back. */
export const PURCHASE_RETURN_KEY = 'purchase_return_to';
