import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec 2: every navigation scrolls to the top (hash links to an anchor scroll to it instead). */
export function ScrollToTop() {
  // Keyed on the history entry: a click on a link to the current page scrolls up too.
  const { key, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [key, hash]);
  return null;
}
