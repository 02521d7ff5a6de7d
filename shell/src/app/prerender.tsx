/**
 * The first screen of a page as HTML, rendered by the shell's server into `#root` so that the page
 * paints its text and images (the LCP element) before any script has arrived (issue 6):
 *  - the shell's own eager pages (home, about), rendered with the shell's public data that the page
 *    carries (header, footer, team, ads: lib/public-data.ts); remote areas render their loading
 *    state, exactly as the browser's first render does;
 *  - a remote's page, when its remote deploys a server render (server/remote-render.ts): rendered
 *    with its module and the data it asked for, which the page then carries to the browser.
 * The browser hydrates it (bootstrap.tsx). What depends on the browser alone (is someone signed in)
 * renders as for a visitor until hydrated (useHydrated), never guessed.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import i18next from 'i18next';
import { addRemoteResources, clearPreloadedData, configureApi, ensureI18n, matchRoute, setPreloadedData, type Locale } from '@scholars/shared-contracts';
import { shellResources } from '../i18n/resources';
import { contentResources } from '../i18n/content';
import { AppRoutes } from './App';
import type { ExposedComponents } from './remote/remote-registry';
import { setServerRenderedArea } from './remote/server-rendered';
import { PRERENDERED_PAGES } from './prerendered-pages';


let ready = false;

/** A remote page to render: its area (`remote/expose/name`), exposed components and data. */
export interface RemotePage {
  area: string;
  exposed: ExposedComponents;
  data: Record<string, unknown>;
}

/**
 * The HTML of `#root` for `url` (path and query) in `locale`, or null when that page is not
 * prerendered: a shell page outside the eager ones, or a remote page without `remote`.
 */
export function prerender(url: string, locale: Locale, remote?: RemotePage, shellData: Record<string, unknown> = {}): string | null {
  const { owner, guard } = matchRoute(url);
  if (guard !== 'public') return null;
  if (owner.app === 'shell' ? !PRERENDERED_PAGES.has(owner.page) : !('page' in owner) || remote?.area !== `${owner.app}/pages/${owner.page}`) return null;
  if (!ready) {
    ensureI18n(i18next, locale);
    addRemoteResources(i18next, 'shell', shellResources);
    addRemoteResources(i18next, 'content', contentResources);
    // As the browser's client is configured (bootstrap.tsx): file and API addresses render the same.
    configureApi({ baseURL: '/api', filesBase: '/files/' });
    ready = true;
  }
  // renderToString is synchronous: the shared instance holds this locale, and the page its remote
  // area and data, for the whole render and no other.
  void i18next.changeLanguage(locale);
  setServerRenderedArea(remote ? { area: remote.area, exposed: remote.exposed } : null);
  setPreloadedData({ ...shellData, ...remote?.data });
  try {
    return inertControls(renderToString(
      <StrictMode>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </StrictMode>,
    ));
  } finally {
    setServerRenderedArea(null);
    clearPreloadedData();
  }
}

/**
 * Buttons and form fields need the app's script: until it has hydrated the page they are inert (not
 * clickable, not focusable), so a tap or a typed word is not silently lost; the browser lifts that
 * just before hydrating (bootstrap.tsx). Links and the FAQ's native <details> work without it.
 */
function inertControls(html: string): string {
  return html.replace(/<(button|input|select|textarea)(?=[\s>])/g, '<$1 inert=""');
}
