import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import { createMemoryStorage, recordBus } from '../testing';
import { createTokenStore, selectSessionEnd, tokenStore, type TokenStore } from './token-store';
import type { SessionUser } from './types';

const user: SessionUser = { id: 7, name: 'Mariam Al Nuaimi', email: 'mariam@example.ae', role: 'user' };

const stores: TokenStore[] = [];
function setup(initial: Record<string, string> = {}) {
  const storage = createMemoryStorage(initial);
  const bus = createEventBus<EventMap>();
  const events = recordBus(bus);
  const store = createTokenStore(storage, { bus, syncSource: null });
  stores.push(store);
  return { storage, bus, events, store };
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
  window.localStorage.clear();
});

describe('token store', () => {
  it('starts signed out on empty storage', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, userId: null, isSignedIn: false });
  });

  it('reads an existing session from the spec keys', () => {
    const { store } = setup({ accessToken: 'tok', user: JSON.stringify(user), user_id: '7' });
    expect(store.getState()).toMatchObject({ accessToken: 'tok', user, userId: '7', isSignedIn: true });
  });

  it('is signed in exactly when a token is stored (a user alone is not a session)', () => {
    const { store } = setup({ user: JSON.stringify(user), user_id: '7' });
    expect(store.getState().isSignedIn).toBe(false);
  });

  it('treats a corrupt user entry as no user', () => {
    const { store } = setup({ accessToken: 'tok', user: '{not json' });
    expect(store.getState()).toMatchObject({ isSignedIn: true, user: null });
  });

  it('setSession writes accessToken, user (JSON) and user_id exactly', () => {
    const { store, storage } = setup();
    store.getState().setSession({ accessToken: 'abc', user });
    expect(storage.snapshot()).toEqual({ accessToken: 'abc', user: JSON.stringify(user), user_id: '7' });
    expect(store.getState()).toMatchObject({ accessToken: 'abc', user, userId: '7', isSignedIn: true });
  });

  it('setAccessToken replaces only the token; an empty token signs out', () => {
    const { store, storage } = setup();
    store.getState().setSession({ accessToken: 'abc', user });
    store.getState().setAccessToken('def');
    expect(storage.snapshot()).toEqual({ accessToken: 'def', user: JSON.stringify(user), user_id: '7' });
    store.getState().setAccessToken(null);
    expect(storage.snapshot()).toEqual({});
    expect(store.getState().isSignedIn).toBe(false);
  });

  it('clear removes the three keys and nothing else', () => {
    const { store, storage } = setup({ current_language: 'ar', theme: 'dark' });
    store.getState().setSession({ accessToken: 'abc', user });
    store.getState().clear();
    expect(storage.snapshot()).toEqual({ current_language: 'ar', theme: 'dark' });
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, userId: null, isSignedIn: false });
  });

  it('remembers that a session expired, or was refused for a suspension, until the next sign-in, without storing it', () => {
    const { store, storage } = setup();
    store.getState().setSession({ accessToken: 'abc', user });
    expect(store.getState().ended).toBeNull();
    store.getState().clear('expired');
    expect(store.getState()).toMatchObject({ isSignedIn: false, ended: 'expired' });
    expect(storage.snapshot()).toEqual({});
    store.getState().reload();
    expect(store.getState().ended).toBe('expired');
    store.getState().setSession({ accessToken: 'def', user });
    expect(store.getState().ended).toBeNull();
    store.getState().clear();
    expect(store.getState().ended).toBeNull();
    store.getState().setSession({ accessToken: 'ghi', user });
    store.getState().clear('suspended');
    expect(store.getState()).toMatchObject({ isSignedIn: false, ended: 'suspended' });
    expect(storage.snapshot()).toEqual({});
  });

  it('emits auth:changed on sign-in, user change and sign-out, not on a token rotation', () => {
    const { store, events } = setup();
    store.getState().setSession({ accessToken: 'abc', user });
    store.getState().setAccessToken('rotated');
    const renamed = { ...user, name: 'Mariam' };
    store.getState().setUser(renamed);
    store.getState().clear();
    store.getState().clear();
    expect(events.of('auth:changed')).toEqual([
      { signedIn: true, user },
      { signedIn: true, user: renamed },
      { signedIn: false, user: null },
    ]);
  });

  it('notifies zustand subscribers', () => {
    const { store } = setup();
    const seen: boolean[] = [];
    const off = store.subscribe((state) => seen.push(state.isSignedIn));
    store.getState().setSession({ accessToken: 'abc', user });
    store.getState().clear();
    off();
    expect(seen).toEqual([true, false]);
  });

  it('keeps working when the storage throws (quota, disabled storage)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createTokenStore(broken, { bus: null, syncSource: null });
    store.getState().setSession({ accessToken: 'abc', user });
    expect(store.getState().isSignedIn).toBe(true);
  });
});

describe('token store sync across tabs (storage events)', () => {
  function otherTabWrites(key: string | null, value: string | null) {
    // What another tab does: write localStorage; this tab then receives a `storage` event.
    if (key === null) window.localStorage.clear();
    else if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
  }

  it('follows sign-in and sign-out made in another tab', () => {
    const bus = createEventBus<EventMap>();
    const events = recordBus(bus);
    const store = createTokenStore(window.localStorage, { bus });
    stores.push(store);

    otherTabWrites('user', JSON.stringify(user));
    otherTabWrites('user_id', '7');
    otherTabWrites('accessToken', 'from-other-tab');
    expect(store.getState()).toMatchObject({ accessToken: 'from-other-tab', user, isSignedIn: true });

    otherTabWrites('accessToken', null);
    expect(store.getState().isSignedIn).toBe(false);

    otherTabWrites('accessToken', 'again');
    otherTabWrites(null, null);
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isSignedIn: false });

    expect(events.of('auth:changed').map((event) => event.signedIn)).toEqual([true, false, true, false]);
  });

  it('says the session ended elsewhere only when another tab ended it, until a sign-in or sign-out here', () => {
    const store = createTokenStore(window.localStorage, { bus: null });
    stores.push(store);
    store.getState().setSession({ accessToken: 'here', user });
    expect(selectSessionEnd(store.getState())).toBeNull();

    otherTabWrites('accessToken', null);
    otherTabWrites('user', null);
    otherTabWrites('user_id', null);
    expect(store.getState().isSignedIn).toBe(false);
    expect(selectSessionEnd(store.getState())).toBe('elsewhere');

    store.getState().setSession({ accessToken: 'again', user });
    expect(selectSessionEnd(store.getState())).toBeNull();
    store.getState().clear();
    expect(selectSessionEnd(store.getState())).toBeNull();
    store.getState().setSession({ accessToken: 'third', user });
    store.getState().clear('expired');
    expect(selectSessionEnd(store.getState())).toBe('expired');

    // A tab that opened signed out learns nothing ended when another tab writes a signed-out state.
    const fresh = createTokenStore(window.localStorage, { bus: null });
    stores.push(fresh);
    otherTabWrites('user', null);
    expect(selectSessionEnd(fresh.getState())).toBeNull();
  });

  it('ignores other keys, other storage areas, and stops after dispose', () => {
    const store = createTokenStore(window.localStorage, { bus: null });
    stores.push(store);
    window.localStorage.setItem('accessToken', 'x');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: window.localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'x', storageArea: window.sessionStorage }));
    expect(store.getState().isSignedIn).toBe(false);

    store.dispose();
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'x', storageArea: window.localStorage }));
    expect(store.getState().isSignedIn).toBe(false);
  });
});

describe('default token store', () => {
  it('is backed by window.localStorage', () => {
    tokenStore.getState().setSession({ accessToken: 'live', user });
    expect(window.localStorage.getItem('accessToken')).toBe('live');
    expect(window.localStorage.getItem('user_id')).toBe('7');
    tokenStore.getState().clear();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
