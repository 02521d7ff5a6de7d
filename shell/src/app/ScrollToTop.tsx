import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec 2: every navigation scrolls to the top (hash links to an anchor scroll to it instead). */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
