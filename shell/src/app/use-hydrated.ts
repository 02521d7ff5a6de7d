import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server (the prerendered page) and while the browser hydrates that markup, true
 * from then on (at once on a page rendered in the browser alone). What only the browser knows (is
 * someone signed in) renders as the server did until then, so hydration matches, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
