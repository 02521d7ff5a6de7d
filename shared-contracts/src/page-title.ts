/**
 * The document title (issue 21): the shell owns `<title>`, a page names itself. A remote page calls
 * `usePageTitle(t('...'))` (or the name of what it shows); the shell writes
 * "<page> · <site name in the page's language>" (`documentTitle`). A server-rendered remote page
 * returns the same name as `title` from its `loadData` (ServerPageData), so the served HTML has it.
 */
import { useEffect } from 'react';
import { eventBus } from './events';

/** Between the page's name and the site's name. */
export const PAGE_TITLE_SEPARATOR = ' · ';

/** The full document title: "<page> · <site>", or the site's name alone. */
export function documentTitle(page: string | null | undefined, site: string): string {
  const name = page?.trim();
  return name ? `${name}${PAGE_TITLE_SEPARATOR}${site}` : site;
}

let announced: { title: string | null; path: string } | null = null;

/** The last title a page announced, with the path it was announced on (the shell reads it when it starts listening late). */
export function announcedPageTitle(): { title: string | null; path: string } | null {
  return announced;
}

/** Names the current page (`page-title` on the bus); outside React, e.g. after data has arrived. */
export function setPageTitle(title: string | null): void {
  announced = { title, path: typeof window === 'undefined' ? '' : window.location.pathname };
  eventBus.emit('page-title', { title });
}

/**
 * Names the current page while it is shown, and again when the name changes (the language, the
 * data). Nothing while `title` is undefined or empty (data still loading): the route's default stays.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) setPageTitle(title);
  }, [title]);
}
