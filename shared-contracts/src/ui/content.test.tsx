/**
 * `BilingualField` writes each control in its own language whatever the page's: the English input
 * left-to-right with `lang="en"`, the Arabic one right-to-left with `lang="ar"`, under the shared
 * i18next switched to either language (`setLocale`, which also sets `<html lang dir>`); only the
 * labels follow the page's language.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/set-locale';
import { directionOf, type Locale } from '../i18n';
import { BilingualField, type RegisteredControl } from './content';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  await setLocale('en', { i18n: i18next, storage: null, bus: null });
});

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
        await act(async () => root.render(<BilingualField label="Title" arabic={control('title')} english={control('title_en')} rows={rows} />));

        const english = container.querySelector<HTMLElement>('[data-testid="field-title_en"]')!;
        const arabic = container.querySelector<HTMLElement>('[data-testid="field-title"]')!;
        expect(english.tagName).toBe(rows ? 'TEXTAREA' : 'INPUT');
        expect([english.getAttribute('dir'), english.getAttribute('lang')]).toEqual(['ltr', 'en']);
        expect([arabic.getAttribute('dir'), arabic.getAttribute('lang')]).toEqual(['rtl', 'ar']);
        // Each control is named by its own label, in the page's language.
        expect(container.querySelector(`label[for="${english.id}"]`)?.textContent).toBe(LABELS[page].en);
        expect(container.querySelector(`label[for="${arabic.id}"]`)?.textContent).toBe(LABELS[page].ar);
      });
    }
  }
});
