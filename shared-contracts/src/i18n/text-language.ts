/**
 * Which language a text shown inside a page is in, when it is not the page's (a module of its own:
 * only the pages that show such texts carry it, not every remote's start).
 */
import { localeOfText, type Locale } from './core';

/**
 * The language of `text` when it is not the page's: such a text (an abstract, a name that exists
 * in one language only) needs its own `lang` and `dir` inside the page. `null` when the text is in
 * the page's language or has no letters (digits, an e-mail address...).
 */
export function foreignLanguageOf(text: string | null | undefined, pageLocale: Locale): Locale | null {
  if (!text || !/[A-Za-z\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text)) return null;
  const own = localeOfText(text);
  return own === pageLocale ? null : own;
}
