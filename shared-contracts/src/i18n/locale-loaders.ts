import type { Locale } from './core';

/**
 * Texts that come in one language at a time (the shell's, issue 6) register a loader here;
 * `setLocale` waits for every loader of the new language before it switches, so the interface never
 * shows keys in place of texts. A loader that fails leaves the language as it was.
 */
export type LocaleLoader = (locale: Locale) => Promise<unknown> | void;

const loaders = new Set<LocaleLoader>();

/** Registers `loader`; returns its removal. */
export function registerLocaleLoader(loader: LocaleLoader): () => void {
  loaders.add(loader);
  return () => {
    loaders.delete(loader);
  };
}

/** Resolves when every registered loader has the texts of `locale`; rejects when one fails. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([...loaders].map((loader) => loader(locale)));
}
