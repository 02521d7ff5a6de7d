import { useEffect, useState, type RefCallback } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (and stays true from then on): what
 * lies below the first screen (a carousel, a remote's widget) is fetched and mounted as the reader
 * approaches it, not during the page's start (issue 6). Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin} 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
