/**
 * How the page's entry hands the shell its texts (entry-texts-plugin.ts writes the entry's side,
 * locale-texts.ts reads it). Constants only: imported by the build and by the browser code.
 */

/** The meta listing the chunk of each language's texts: `ar=/assets/texts.ar-….js en=/assets/…`. */
export const LOCALE_TEXTS_META = 'scholars-locale-texts';

/**
 * The meta listing the chunk of each language's page texts (page-texts.*.ts): the server announces
 * the page's language's with the start chunks on a prerendered page that shows them (about).
 */
export const PAGE_TEXTS_META = 'scholars-page-texts';

/** The global in which the entry leaves the texts it loaded: `{ [locale]: texts }`. */
export const ENTRY_TEXTS_GLOBAL = '__scholarsShellTexts';

/**
 * The stored language's key, as the entry reads it: `LANGUAGE_STORAGE_KEY` of shared-contracts,
 * written out so that the build config does not load the i18n module (locale-texts.test.ts checks
 * that they agree).
 */
export const ENTRY_LANGUAGE_KEY = 'current_language';
