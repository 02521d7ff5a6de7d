import { useStore } from 'zustand';
import { tokenStore, type TokenState } from './token-store';
import type { StoreApi } from 'zustand/vanilla';

/**
 * The session in React (re-renders on change). With a selector, re-renders only when the
 * selected value changes: `useSession((s) => s.isSignedIn)`. Select primitives or stored
 * objects, never a new object per call.
 */
export function useSession(): TokenState;
export function useSession<T>(selector: (state: TokenState) => T, store?: StoreApi<TokenState>): T;
export function useSession<T>(
  selector: (state: TokenState) => T = (state) => state as unknown as T,
  store: StoreApi<TokenState> = tokenStore,
): T {
  return useStore(store, selector);
}
