/**
 * The shell's texts (namespaces `shell` and `content`), one language at a time: a page needs only
 * its own language, so the other one is not part of the start (issue 6). Each language is one chunk
 * (texts.en.ts, texts.ar.ts), kept out of the start chunks by vite.config.ts.
 *  - At start, the page's entry has already imported the visitor's language (entry-texts-plugin.ts)
 *    and left it in a global: `startShellTexts` adds it synchronously, so the first render and the
 *    hydration of the prerendered page have their texts (in dev, main.ts does the entry's step).
 *  - The other language is fetched when the reader switches to it, and the switch waits for it
 *    (setLocale awaits the loaders registered with registerLocaleLoader): no key ever shows in
 *    place of a text.
 *  - The pages' own texts (about, contact form, sign-in screens, privacy policy, team pages: the
 *    whole `content` namespace and part of `shell`, page-texts.*.ts) are not part of the start
 *    either: they come with those pages (`loadPageTexts`: app/shell-pages.tsx, `usePageTexts`;
 *    before hydration on a prerendered page that shows them), and once a page has needed them,
 *    with every switch.
 * The server renders with both languages at once (resources.ts, content.ts).
 */
import type { i18n as I18n } from 'i18next';
import type { Locale, TextTree } from '@scholars/shared-contracts';
import type { contentPagesEn } from './content-pages.en';
import type { shellEn } from './shell.en';
import type { shellPagesEn } from './shell-pages.en';
import { ENTRY_TEXTS_GLOBAL } from './entry-texts';

export interface ShellTexts {
  shell: TextTree<typeof shellEn>;
}

/** The pages' own texts: part of `shell` (added into it) and the whole `content` namespace. */
export interface PageTexts {
  shell: TextTree<typeof shellPagesEn>;
  content: TextTree<typeof contentPagesEn>;
}

export const SHELL_NAMESPACES = ['shell'] as const;

const chunks: Record<Locale, () => Promise<ShellTexts>> = {
  en: () => import('./texts.en').then((module) => module.texts),
  ar: () => import('./texts.ar').then((module) => module.texts),
};

const pageChunks: Record<Locale, () => Promise<PageTexts>> = {
  en: () => import('./page-texts.en').then((module) => module.pageTexts),
  ar: () => import('./page-texts.ar').then((module) => module.pageTexts),
};

function add(instance: I18n, locale: Locale, texts: ShellTexts | PageTexts): void {
  for (const [ns, bundle] of Object.entries(texts)) instance.addResourceBundle(locale, ns, bundle, true, true);
}

const hasTexts = (instance: I18n, locale: Locale) => SHELL_NAMESPACES.every((ns) => instance.hasResourceBundle(locale, ns));

/**
 * At start: adds the texts of `locale` that the entry loaded; true when they are in. When they are not (the entry could not load them), it starts loading them
 * and returns false: the app shows keys until they arrive, a failure case only.
 */
export function startShellTexts(instance: I18n, locale: Locale, fromEntry: unknown = (globalThis as Record<string, unknown>)[ENTRY_TEXTS_GLOBAL]): boolean {
  const texts = (fromEntry as Partial<Record<Locale, ShellTexts>> | undefined)?.[locale];
  if (texts) add(instance, locale, texts);
  if (hasTexts(instance, locale)) return true;
  void loadShellTexts(instance, locale).catch((error: unknown) => console.error('Could not load the texts', error));
  return false;
}

/**
 * One group of texts (the start's or the pages'), fetched at most once per instance and language
 * at a time; a failed fetch (offline) is tried again on the next call.
 */
function textGroup<T extends ShellTexts | PageTexts>(has: (instance: I18n, locale: Locale) => boolean) {
  const loading = new WeakMap<I18n, Map<Locale, Promise<void>>>();
  return (instance: I18n, locale: Locale, load: (locale: Locale) => Promise<T>): Promise<void> => {
    if (has(instance, locale)) return Promise.resolve();
    const pending = loading.get(instance) ?? new Map<Locale, Promise<void>>();
    loading.set(instance, pending);
    let promise = pending.get(locale);
    if (!promise) {
      promise = load(locale)
        .then((texts) => add(instance, locale, texts))
        .finally(() => pending.delete(locale));
      pending.set(locale, promise);
    }
    return promise;
  };
}

const loadStartGroup = textGroup<ShellTexts>(hasTexts);

/** Adds the shell's texts in `locale` to `instance`, fetching them once; resolves when they are in. */
export function loadShellTexts(instance: I18n, locale: Locale, load: (locale: Locale) => Promise<ShellTexts> = (lng) => chunks[lng]()): Promise<void> {
  return loadStartGroup(instance, locale, load);
}

/** Whether `instance` has the pages' texts in `locale` (the server's has every text from the start). */
export const hasPageTexts = (instance: I18n, locale: Locale): boolean => instance.hasResourceBundle(locale, 'content');

const loadPageGroup = textGroup<PageTexts>(hasPageTexts);

/** Adds the pages' texts in `locale` to `instance`, fetching them once; resolves when they are in. */
export function loadPageTexts(instance: I18n, locale: Locale, load: (locale: Locale) => Promise<PageTexts> = (lng) => pageChunks[lng]()): Promise<void> {
  return loadPageGroup(instance, locale, load);
}

/**
 * What a switch to `locale` waits for (registerLocaleLoader): the shell's texts in it and, once a
 * lazy page has needed its texts, those too (that page may be on screen).
 */
export function loadTextsForSwitch(instance: I18n, locale: Locale): Promise<void> {
  const needed = (['en', 'ar'] as const).some((lng) => hasPageTexts(instance, lng));
  const pages = needed ? loadPageTexts(instance, locale) : Promise.resolve();
  return Promise.all([loadShellTexts(instance, locale), pages]).then(() => undefined);
}
