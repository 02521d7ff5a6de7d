import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Replays a Back or Forward the router did not hear.
 *
 * `BrowserRouter` reads the address when it first renders but listens for `popstate` only once it
 * commits. The shell hydrates a server-rendered page in a transition, in slices that let the
 * browser run in between (bootstrap.tsx), so a Back pressed while the page hydrates can change the
 * address unheard: the page would stay on the old address's view. Once the router listens (passive
 * effects run after its layout effect), a differing address is announced again as the browser
 * announced it. An extra announcement of an address the router already has changes nothing.
 */
export function CatchUpMissedNavigation() {
  const location = useLocation();
  const firstRendered = useRef(location);
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const rendered = firstRendered.current;
    if (pathname === rendered.pathname && search === rendered.search && hash === rendered.hash) return;
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, []);
  return null;
}
