/**
 * `BilingualField` writes each control in its own language whatever the page's: the English input
 * left-to-right with `lang="en"`, the Arabic one right-to-left with `lang="ar"`, under the shared
 * i18next switched to either language (`setLocale`, which also sets `<html lang dir>`); only the
 * labels follow the page's language.
 */
import { act } from 'react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/set-locale';
import { directionOf, type Locale } from '../i18n';
import { BilingualField, type RegisteredControl } from './content';
import { renderRootPerTest } from '../testing/render-root';

const { render, $ } = renderRootPerTest();

// Runs before the root's unmount (after-hooks run in reverse): the field re-renders inside act.
afterEach(() => act(() => setLocale('en', { i18n: i18next, storage: null, bus: null })));

const control = (name: string): RegisteredControl => ({ name, onChange: () => undefined, onBlur: () => undefined, ref: () => undefined });

const LABELS: Record<Locale, { en: string; ar: string }> = {
  en: { en: 'Title (English)', ar: 'Title (Arabic)' },
  ar: { en: 'Title (الإنجليزية)', ar: 'Title (العربية)' },
};

describe('BilingualField', () => {
  for (const page of ['en', 'ar'] as const) {
    for (const rows of [undefined, 4]) {
      it(`keeps English ltr/en and Arabic rtl/ar on a page in ${page} (${rows ? 'textarea' : 'input'})`, async () => {
        await setLocale(page, { i18n: i18next, storage: null, bus: null });
        expect(document.documentElement.dir).toBe(directionOf(page));
        await render(<BilingualField label="Title" arabic={control('title')} english={control('title_en')} rows={rows} />);

        const english = $('[data-testid="field-title_en"]')!;
        const arabic = $('[data-testid="field-title"]')!;
        expect(english.tagName).toBe(rows ? 'TEXTAREA' : 'INPUT');
        expect([english.getAttribute('dir'), english.getAttribute('lang')]).toEqual(['ltr', 'en']);
        expect([arabic.getAttribute('dir'), arabic.getAttribute('lang')]).toEqual(['rtl', 'ar']);
        // Each control is named by its own label, in the page's language.
        expect($(`label[for="${english.id}"]`)?.textContent).toBe(LABELS[page].en);
        expect($(`label[for="${arabic.id}"]`)?.textContent).toBe(LABELS[page].ar);
      });
    }
  }
});
