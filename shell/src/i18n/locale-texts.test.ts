/**
 * The shell's texts one language at a time: the entry's language is added synchronously at start,
 * the other is fetched once when asked for (and again after a failure), and both languages keep the
 * same keys (the server renders with both).
 */
import { createI18n, LANGUAGE_STORAGE_KEY } from '@scholars/shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { contentResources } from './content';
import { ENTRY_LANGUAGE_KEY } from './entry-texts';
import { loadPageTexts, loadShellTexts, loadTextsForSwitch, startShellTexts, type PageTexts, type ShellTexts } from './locale-texts';
import { pageTexts as arPageTexts } from './page-texts.ar';
import { pageTexts as enPageTexts } from './page-texts.en';
import { shellResources } from './resources';
import { texts as arTexts } from './texts.ar';
import { texts as enTexts } from './texts.en';
import type { Locale } from '@scholars/shared-contracts/locale';

const keyPaths = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );

describe('shell texts', () => {
  it("each language's start and page chunks hold together the server resources, with the same keys in both languages", () => {
    const whole = (start: ShellTexts, pages: PageTexts) => ({ shell: { ...start.shell, ...pages.shell }, content: pages.content });
    expect(whole(enTexts, enPageTexts)).toEqual({ shell: shellResources.en, content: contentResources.en });
    expect(whole(arTexts, arPageTexts)).toEqual({ shell: shellResources.ar, content: contentResources.ar });
    expect(keyPaths(arTexts).sort()).toEqual(keyPaths(enTexts).sort());
    expect(keyPaths(arPageTexts).sort()).toEqual(keyPaths(enPageTexts).sort());
    // No key in both: a page chunk adds, never replaces.
    expect(keyPaths(enTexts).filter((key) => keyPaths(enPageTexts).includes(key))).toEqual([]);
  });

  it("the lazy pages' texts come once per language, and with every switch once a page needed them", async () => {
    const i18n = createI18n('en');
    startShellTexts(i18n, 'en', { en: enTexts });
    expect(i18n.exists('shell:auth.loginTitle')).toBe(false);
    const load = vi.fn((locale: Locale) => Promise.resolve(locale === 'en' ? enPageTexts : arPageTexts));
    const shellLoad = vi.fn(() => Promise.resolve(arTexts));
    await Promise.all([loadPageTexts(i18n, 'en', load), loadPageTexts(i18n, 'en', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.t('shell:auth.loginTitle')).toBe(shellResources.en.auth.loginTitle);
    expect(i18n.t('content:about.title')).toBe(contentResources.en.about.title);
    // The start texts stay.
    expect(i18n.t('shell:home.ads.label')).toBe('Announcements');
    await loadShellTexts(i18n, 'ar', shellLoad);
    await loadTextsForSwitch(i18n, 'ar');
    expect(i18n.t('shell:auth.loginTitle', { lng: 'ar' })).toBe(shellResources.ar.auth.loginTitle);
    expect(i18n.t('content:privacy.title', { lng: 'ar' })).toBe(contentResources.ar.privacy.title);
  });

  it('a switch before any lazy page fetches only the shell texts', async () => {
    const i18n = createI18n('en');
    startShellTexts(i18n, 'en', { en: enTexts });
    await loadTextsForSwitch(i18n, 'ar');
    expect(i18n.t('shell:home.ads.label', { lng: 'ar' })).toBe('الإعلانات');
    expect(i18n.exists('shell:auth.loginTitle', { lng: 'ar' })).toBe(false);
  });

  it('the entry reads the same storage key as the app', () => {
    expect(ENTRY_LANGUAGE_KEY).toBe(LANGUAGE_STORAGE_KEY);
  });

  it('startShellTexts adds what the entry loaded, synchronously', () => {
    const i18n = createI18n('ar');
    expect(startShellTexts(i18n, 'ar', { ar: arTexts })).toBe(true);
    expect(i18n.t('shell:home.ads.label')).toBe('الإعلانات');
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false);
  });

  it('startShellTexts loads the texts itself when the entry could not', async () => {
    const i18n = createI18n('en');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(startShellTexts(i18n, 'en', undefined)).toBe(false);
    await vi.waitFor(() => expect(i18n.hasResourceBundle('en', 'shell')).toBe(true));
    expect(i18n.t('shell:home.ads.label')).toBe('Announcements');
    error.mockRestore();
  });

  it('loadShellTexts fetches a language once, and again after a failure', async () => {
    const i18n = createI18n('en');
    const load = vi.fn<(locale: Locale) => Promise<ShellTexts>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(arTexts);
    await expect(loadShellTexts(i18n, 'ar', load)).rejects.toThrow('offline');
    expect(i18n.hasResourceBundle('ar', 'shell')).toBe(false);
    await Promise.all([loadShellTexts(i18n, 'ar', load), loadShellTexts(i18n, 'ar', load)]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.t('shell:home.ads.label', { lng: 'ar' })).toBe('الإعلانات');
    await loadShellTexts(i18n, 'ar', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
