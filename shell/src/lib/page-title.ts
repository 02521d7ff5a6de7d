/**
 * The document title (issue 21): "<page> · <site name>", in the page's language. The shell owns
 * `<title>`: each route has a default name (i18n/page-titles.ts, read here by the server and, from
 * its first navigation or change of language, by the browser), a remote page refines it with
 * `usePageTitle` (the `page-title` topic), and a remote page rendered on the server with its
 * `loadData`'s `title`.
 */
import type { RouteName } from '@scholars/shared-contracts';
import { documentTitle } from './document-title';
import { SITE_NAME, type Locale } from '@scholars/shared-contracts/locale';
import { pageTitlesAr, pageTitlesEn } from '../i18n/page-titles';

const TITLES: Record<Locale, Partial<Record<RouteName, string>>> = { en: pageTitlesEn, ar: pageTitlesAr };

/** The route's default name in the language (undefined: none, the site's name alone). */
export function routeTitle(route: RouteName, locale: Locale): string | undefined {
  return TITLES[locale][route];
}

/** The document title of a route in the language, with the page's own name when it gave one. */
export function pageDocumentTitle(route: RouteName, locale: Locale, pageName?: string | null): string {
  return documentTitle(pageName || routeTitle(route, locale), SITE_NAME[locale]);
}
