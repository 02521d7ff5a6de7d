import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import { validationMessages } from '../schemas/messages';
import { createMemoryStorage, recordBus } from '../testing';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALES,
  directionOf,
  isRtl,
  normalizeLocale,
} from './core';
import { getStoredLocale } from './stored-locale';
import { addRemoteResources, createI18n, ensureI18n, getCurrentLocale, translateCommon } from './instance';
import { commonResources, commonText } from './resources';
import { setLocale } from './set-locale';

function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('locales', () => {
  it('has en (ltr) and ar (rtl), default and fallback en', () => {
    expect(Object.keys(LOCALES)).toEqual(['en', 'ar']);
    expect(LOCALES.ar.rtl).toBe(true);
    expect(LOCALES.en.rtl).toBe(false);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(FALLBACK_LOCALE).toBe('en');
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-AE')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });

  it.each([
    ['ar', 'ar'],
    ['AR', 'ar'],
    ['ar-AE', 'ar'],
    ['ar_SA', 'ar'],
    ['en-GB', 'en'],
    ['fr-FR, ar;q=0.9, en;q=0.8', 'ar'],
    ['de', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [null, 'en'],
    [42, 'en'],
    [['fr', 'ar'], 'ar'],
  ])('normalizeLocale(%j) is %s', (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });

  it('reads the stored language', () => {
    expect(getStoredLocale(createMemoryStorage({ current_language: 'ar' }))).toBe('ar');
    expect(getStoredLocale(createMemoryStorage({ current_language: 'xx' }))).toBe('en');
    expect(getStoredLocale(null)).toBe('en');
  });
});

describe('common resources', () => {
  it('Arabic has exactly the English keys, every text non-empty, and real Arabic', () => {
    const en = keyPaths(commonResources.en.common).sort();
    const ar = keyPaths(commonResources.ar.common).sort();
    expect(ar).toEqual(en);
    for (const path of ar) {
      const text = commonText(path as never, 'ar');
      expect(text.trim(), path).not.toBe('');
    }
    expect(commonResources.ar.common.messages.operationFailed).toMatch(/[\u0600-\u06FF]/);
    expect(commonResources.ar.common.accessDenied.message).toBe('تحتاج إلى اشتراك نشط لعرض هذه الصفحة');
  });

  it('includes the spec 8 texts, and not the validation messages, which come with the schemas', () => {
    const en = commonResources.en.common;
    expect(en.toast).toMatchObject({ success: 'Success', error: 'Error' });
    expect(en.messages.operationFailed).toBe('Operation failed');
    expect(en.messages.failedToFetch).toBe('Failed to fetch data');
    expect(en.auth.failedToRefresh).toBe('Failed to refresh token');
    expect(en.noData.title).toBe('No data found');
    expect(en.accessDenied.message).toBe('You need an active subscription to view this page');
    expect('validation' in en).toBe(false);
  });

  it('the schemas add the validation messages to the shared instance, in both languages, keeping the common texts', async () => {
    const instance = createI18n('ar');
    expect(instance.exists('common:validation.fullNameRequired')).toBe(false);
    const { addValidationTexts } = await import('../schemas/validation-texts');
    expect(addValidationTexts(instance)).toBe(true);
    expect(instance.t('common:validation.fullNameRequired')).toBe(validationMessages.ar.fullNameRequired);
    expect(instance.t('common:validation.fullNameRequired', { lng: 'en' })).toBe(validationMessages.en.fullNameRequired);
    expect(instance.t('common:comingSoon')).toBe('قريبًا');
    // An instance not initialised yet gets nothing (the shared one gets them once initialised).
    expect(addValidationTexts(i18next.createInstance())).toBe(false);
  });

  it('commonText falls back to English, then the key', () => {
    expect(commonText('comingSoon', 'ar')).toBe('قريبًا');
    expect(commonText('comingSoon')).toBe('Coming soon');
    expect(commonText('no.such-key' as never, 'ar')).toBe('no.such-key');
  });
});

describe('i18next instances', () => {
  it('createI18n initialises synchronously with the common namespace', () => {
    const i18n = createI18n('ar');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('ar');
    expect(i18n.t('messages.operationFailed')).toBe('فشلت العملية');
    expect(i18n.t('common:noData.title', { lng: 'en' })).toBe('No data found');
    expect(i18n.options.interpolation?.escapeValue).toBe(false);
    expect(translateCommon('toast.error', i18n)).toBe('خطأ');
    expect(getCurrentLocale(i18n)).toBe('ar');
  });

  it('does not mutate the shared resources when bundles are added', () => {
    const before = JSON.stringify(commonResources);
    const i18n = createI18n('en');
    i18n.addResourceBundle('en', 'common', { toast: { success: 'Changed' } }, true, true);
    expect(i18n.t('toast.success')).toBe('Changed');
    expect(JSON.stringify(commonResources)).toBe(before);
  });

  it('ensureI18n keeps the language of an initialised instance', () => {
    const i18n = createI18n('ar');
    expect(ensureI18n(i18n, 'en')).toBe(i18n);
    expect(i18n.language).toBe('ar');
  });

  it('addRemoteResources adds a namespace in both languages', () => {
    const i18n = createI18n('en');
    addRemoteResources(i18n, 'conferences', {
      en: { title: 'Conferences', search: { placeholder: 'Search' } },
      ar: { title: 'المؤتمرات', search: { placeholder: 'بحث' } },
    });
    expect(i18n.t('conferences:title')).toBe('Conferences');
    expect(i18n.t('conferences:search.placeholder', { lng: 'ar' })).toBe('بحث');
    // A remote's missing key falls back to the common namespace.
    expect(i18n.t('conferences:comingSoon', { lng: 'ar' })).toBe('قريبًا');
  });

  it('addRemoteResources initialises a fresh instance first', () => {
    const i18n = i18next.createInstance();
    addRemoteResources(i18n, 'library', { en: { title: 'Library' }, ar: { title: 'المكتبة' } });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('library:title')).toBe('Library');
  });
});

describe('setLocale', () => {
  it('changes i18next, storage, <html lang dir> and emits locale:changed', async () => {
    const i18n = createI18n('en');
    const storage = createMemoryStorage();
    const bus = createEventBus<EventMap>();
    const events = recordBus(bus);
    await setLocale('ar-AE', { i18n, storage, bus });
    expect(i18n.language).toBe('ar');
    expect(storage.getItem('current_language')).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(events.of('locale:changed')).toEqual([{ locale: 'ar' }]);

    await setLocale('en', { i18n, storage, bus });
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('toast.success')).toBe('Success');
  });
});
