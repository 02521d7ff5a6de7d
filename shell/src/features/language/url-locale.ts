import { LANGUAGE_STORAGE_KEY, isLocale } from '@scholars/shared-contracts';

/**
 * `?lang=ar` / `?lang=en` on any page opens it in that language: the choice is stored as if made in
 * the language menu (`current_language`), and the parameter leaves the address bar. The shell's
 * server renders the same page with that `<html lang dir>` and lists both languages as hreflang
 * alternates, so links and crawlers can name a language (and tools that reset storage, e.g. Lighthouse).
 */
export function applyLocaleFromUrl(location: Location = window.location, storage: Storage = localStorage, history: History = window.history) {
  const url = new URL(location.href);
  const requested = url.searchParams.get('lang');
  if (!isLocale(requested)) return;
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, requested);
  } catch {
    // storage unavailable: the page still opens in the language below, for this visit
  }
  url.searchParams.delete('lang');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
