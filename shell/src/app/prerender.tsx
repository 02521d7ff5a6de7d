/**
 * The first screen of the shell's own eager pages (home, about) as HTML, rendered by the shell's
 * server into `#root` so that the page paints its text (the LCP element) before any script has
 * arrived (issue 6). It is the markup of the app's first render for a visitor whose data has not
 * arrived yet: remote areas and API lists render their loading state, exactly as the browser's
 * first render does, and the browser hydrates it (bootstrap.tsx). What depends on the browser alone
 * (is someone signed in) renders invisible until hydrated (useHydrated), never guessed.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import i18next from 'i18next';
import { addRemoteResources, ensureI18n, matchRoute, type Locale, type ShellPageName } from '@scholars/shared-contracts';
import { shellResources } from '../i18n/resources';
import { contentResources } from '../i18n/content';
import { AppRoutes } from './App';

/** Pages in the shell's start chunks: a lazy page would flash its fallback between the two renders. */
const PRERENDERED_PAGES: ReadonlySet<ShellPageName> = new Set(['Home', 'About']);

let ready = false;

/** The HTML of `#root` for `pathname` in `locale`, or null when that page is not prerendered. */
export function prerender(pathname: string, locale: Locale): string | null {
  const { owner, guard } = matchRoute(pathname);
  if (owner.app !== 'shell' || guard !== 'public' || !PRERENDERED_PAGES.has(owner.page)) return null;
  if (!ready) {
    ensureI18n(i18next, locale);
    addRemoteResources(i18next, 'shell', shellResources);
    addRemoteResources(i18next, 'content', contentResources);
    ready = true;
  }
  // renderToString is synchronous: the shared instance holds this locale for the whole render.
  void i18next.changeLanguage(locale);
  return inertControls(renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  ));
}

/**
 * Buttons and form fields need the app's script: until it has hydrated the page they are inert (not
 * clickable, not focusable), so a tap or a typed word is not silently lost; the browser lifts that
 * just before hydrating (bootstrap.tsx). Links and the FAQ's native <details> work without it.
 */
function inertControls(html: string): string {
  return html.replace(/<(button|input|select|textarea)(?=[\s>])/g, '<$1 inert=""');
}
