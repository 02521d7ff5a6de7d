/**
 * Client storage keys (spec section 3). These exact strings are a contract: the shell, every
 * remote and any embedding page read and write the same localStorage entries.
 */
export const STORAGE_KEYS = {
  /** Bearer access token (short-lived). Signed in exactly when this key holds a token. */
  accessToken: 'accessToken',
  /** JSON of the signed-in user ({@link SessionUser}). */
  user: 'user',
  /** The signed-in user's id, as a string. */
  userId: 'user_id',
  /** 'en' or 'ar'. */
  language: 'current_language',
  /** 'light', 'dark' or 'system'. */
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The subset of the Web Storage API the package uses; `localStorage` satisfies it. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * `window.localStorage` when it exists and is usable, otherwise `null` (server rendering, Node,
 * sandboxed iframes and some private modes throw on access).
 */
export function browserStorage(): StorageLike | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null;
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a key, treating a throwing storage as empty. */
export function safeGet(storage: StorageLike | null | undefined, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or removes, for `null`) a key, ignoring quota and access errors. */
export function safeSet(storage: StorageLike | null | undefined, key: string, value: string | null): void {
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the in-memory state stays authoritative for this tab.
  }
}
