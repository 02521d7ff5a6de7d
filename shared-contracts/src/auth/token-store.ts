import { createStore, type StoreApi } from 'zustand/vanilla';
import { eventBus } from '../events';
import type { EventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import { STORAGE_KEYS, browserStorage, safeGet, safeSet, type StorageLike } from '../storage-keys';
import type { Session, SessionUser } from './types';
import type { SessionEnd } from '../routes';

export interface TokenStoreState {
  accessToken: string | null;
  user: SessionUser | null;
  /** The stored `user_id` (a string, as localStorage holds it). */
  userId: string | null;
  /** Signed in exactly when an access token is stored (spec 4). */
  isSignedIn: boolean;
  /**
   * Why the last session ended when the user did not end it in this tab: 'expired' (the API would
   * not refresh it), 'suspended' (refused because the account is suspended), 'elsewhere' (ended in
   * another tab or window, learnt from the storage). Not stored; a sign-in or sign-out here resets
   * it. Guards use it to say why a page went to the sign-in form, as the client does
   * (`sessionEndedPath`).
   */
  ended: SessionEnd;
}

export interface TokenStoreActions {
  /** After sign-in: stores the token, the user and the user id. */
  setSession(session: Session): void;
  /** After a token refresh: replaces the token, keeps the user. An empty token signs out. */
  setAccessToken(token: string | null): void;
  /** After a profile edit: replaces the stored user (and user id). */
  setUser(user: SessionUser): void;
  /** Sign-out, or a refused refresh (`'expired'`, `'suspended'`): removes `accessToken`, `user` and `user_id`. */
  clear(reason?: 'signed-out' | Exclude<SessionEnd, 'elsewhere' | null>): void;
  /** Re-reads the storage (another tab may have written it). */
  reload(): void;
}

export type TokenState = TokenStoreState & TokenStoreActions;

export interface TokenStore extends StoreApi<TokenState> {
  /** Stops listening to other tabs (`storage` events). */
  dispose(): void;
}

/** Anything that can deliver `storage` events (a window). */
export type StorageEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface TokenStoreOptions {
  /** Where `auth:changed` goes. Default: the application `eventBus`. */
  bus?: EventBus<EventMap> | null;
  /**
   * Source of cross-tab `storage` events. Default: `window` when it exists; `null` disables sync.
   */
  syncSource?: StorageEventSource | null;
}

const SESSION_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.userId]);

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'id' in value) return value as SessionUser;
  } catch {
    // A corrupt entry counts as no user.
  }
  return null;
}

function readState(storage: StorageLike): TokenStoreState {
  const accessToken = safeGet(storage, STORAGE_KEYS.accessToken) || null;
  const user = parseUser(safeGet(storage, STORAGE_KEYS.user));
  const userId = safeGet(storage, STORAGE_KEYS.userId) ?? (user ? String(user.id) : null);
  return { accessToken, user, userId, isSignedIn: accessToken !== null, ended: null };
}

const sameUser = (a: SessionUser | null, b: SessionUser | null) =>
  a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * The session (spec 3, 4) as a zustand vanilla store over `storage`, kept in sync with other
 * tabs through `storage` events. Emits `auth:changed` when the signed-in flag changes or the
 * signed-in user changes (not when only the token rotates).
 */
export function createTokenStore(storage: StorageLike, options: TokenStoreOptions = {}): TokenStore {
  const bus = options.bus === undefined ? eventBus : options.bus;
  const syncSource: StorageEventSource | null =
    options.syncSource === undefined ? (typeof window === 'undefined' ? null : window) : options.syncSource;

  const store = createStore<TokenState>()((set, get) => {
    const apply = (next: TokenStoreState) => {
      const previous = get();
      set(next);
      // The session is (signed in, user while signed in): a stray `user` entry without a token
      // (another tab mid-write) is not a session.
      const before = previous.isSignedIn ? previous.user : null;
      const after = next.isSignedIn ? next.user : null;
      if (previous.isSignedIn !== next.isSignedIn || !sameUser(before, after)) {
        bus?.emit('auth:changed', { signedIn: next.isSignedIn, user: after });
      }
    };
    const write = (accessToken: string | null, user: SessionUser | null, ended: SessionEnd = null) => {
      const userId = user ? String(user.id) : null;
      // Order matters to other tabs, which re-read on each write: the token (the signed-in flag)
      // goes last on sign-in and first on sign-out, so they never see a token without its user.
      if (accessToken === null) safeSet(storage, STORAGE_KEYS.accessToken, null);
      safeSet(storage, STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
      safeSet(storage, STORAGE_KEYS.userId, userId);
      if (accessToken !== null) safeSet(storage, STORAGE_KEYS.accessToken, accessToken);
      apply({ accessToken, user, userId, isSignedIn: accessToken !== null, ended: accessToken === null ? ended : null });
    };
    return {
      ...readState(storage),
      setSession({ accessToken, user }) {
        if (!accessToken) throw new Error('setSession needs an access token');
        write(accessToken, user);
      },
      setAccessToken(token) {
        if (!token) {
          write(null, null);
          return;
        }
        safeSet(storage, STORAGE_KEYS.accessToken, token);
        const { user, userId } = get();
        apply({ accessToken: token, user, userId, isSignedIn: true, ended: null });
      },
      setUser(user) {
        write(get().accessToken, user);
      },
      clear(reason = 'signed-out') {
        write(null, null, reason === 'signed-out' ? null : reason);
      },
      reload() {
        const next = readState(storage);
        const previous = get();
        // Signed out by another tab's write: ended elsewhere, unless this tab already knows why.
        apply({ ...next, ended: next.isSignedIn ? null : (previous.ended ?? (previous.isSignedIn ? 'elsewhere' : null)) });
      },
    };
  });

  const onStorage = (event: Event) => {
    const { key, storageArea } = event as StorageEvent;
    // `key === null` means another tab called localStorage.clear().
    if (key !== null && key !== undefined && !SESSION_KEYS.has(key)) return;
    if (storageArea && storageArea !== (storage as unknown)) return;
    store.getState().reload();
  };
  syncSource?.addEventListener('storage', onStorage);

  return Object.assign(store, {
    dispose() {
      syncSource?.removeEventListener('storage', onStorage);
    },
  });
}

/** localStorage in a browser; an in-memory storage where there is none (SSR, Node, blocked). */
function defaultStorage(): StorageLike {
  const storage = browserStorage();
  if (storage) return storage;
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/** The application session. One instance per page (federation singleton). */
export const tokenStore: TokenStore = createTokenStore(defaultStorage());

/** Selectors for `useSession(selector)` and `store.subscribe`. */
export const selectIsSignedIn = (state: TokenState) => state.isSignedIn;
export const selectUser = (state: TokenState) => state.user;
export const selectAccessToken = (state: TokenState) => state.accessToken;
/** Why the last session ended, when the user did not end it here: for the sign-in page's line. */
export const selectSessionEnd = (state: TokenState): SessionEnd => state.ended;
