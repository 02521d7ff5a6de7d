/**
 * The document title (issue 21): "<page> · <site name>", in the page's language. The shell owns
 * `<title>`: each route has a default name (the `titles` texts, read here by the server and in the
 * browser), a remote page refines it with `usePageTitle` (the `page-title` topic), and a remote page
 * rendered on the server with its `loadData`'s `title`.
 */
import { documentTitle, type RouteName } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { shellEn } from '../i18n/shell.en';
import { shellAr } from '../i18n/shell.ar';

const TEXTS = { en: shellEn, ar: shellAr } as const satisfies Record<Locale, unknown>;

type Titles = Partial<Record<RouteName, string>>;

/** The route's default name in the language (undefined: none, the site's name alone). */
export function routeTitle(route: RouteName, locale: Locale): string | undefined {
  return (TEXTS[locale].titles as Titles)[route];
}

/** The document title of a route in the language, with the page's own name when it gave one. */
export function pageDocumentTitle(route: RouteName, locale: Locale, pageName?: string | null): string {
  return documentTitle(pageName || routeTitle(route, locale), TEXTS[locale].brand);
}
