import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec 2: every navigation scrolls to the top (hash links to an anchor scroll to it instead). */
export function ScrollToTop() {
  // Keyed on the history entry: a click on a link to the current page scrolls up too.
  const { key, hash } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    // A page load starts at the top by itself; on a prerendered page the reader may already have
    // scrolled before the app took over, and keeps that place.
    if (!initial) window.scrollTo(0, 0);
  }, [key, hash]);
  return null;
}
