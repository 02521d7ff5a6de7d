import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server (a prerendered page) and while the browser hydrates that markup, true from
 * then on (at once on a page rendered in the browser alone). What only the browser knows (is
 * someone signed in, the viewer's time zone) renders as the server did until then, so hydration
 * matches, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
