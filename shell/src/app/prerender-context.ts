import { createContext, useContext } from 'react';

/** True while the server prerenders a page (`prerender.tsx`); the browser's renders see false. */
export const PrerenderContext = createContext(false);

export const useIsPrerendering = () => useContext(PrerenderContext);
