/**
 * The component tests' harness: a React root in jsdom (the shared `mountRoot`), the shared i18next
 * in a language, helpers to type, settle and wait (typing and waiting are the shared ones). The
 * screens call the real `apiClient`; a test points it at the shared test API server
 * (`@scholars/shared-contracts/testing/api-server`), whose answers arrive over real HTTP: wait for
 * what they show with `waitFor`, never assume one `settle` was enough.
 */
import { act, type ReactNode } from 'react';
import i18next from 'i18next';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { click as clickOnly, mountRoot, type MountedRoot } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';

export { typeInto as type, waitFor } from '@scholars/shared-contracts/testing/render-root';

let mounted: MountedRoot | null = null;

export async function setUp(locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
  await i18next.changeLanguage(locale);
  mounted = mountRoot();
}

export function tearDown() {
  mounted?.unmount();
  mounted = null;
  tokenStore.getState().clear();
}

export async function render(node: ReactNode) {
  await mounted!.render(node);
  await settle();
}

/** Lets pending promises and timers run and React commit (no guarantee that an HTTP answer has arrived: see `waitFor`). */
export async function settle() {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export const $ = <T extends Element = HTMLElement>(selector: string) => mounted!.$<T>(selector);
export const $$ = <T extends Element = HTMLElement>(selector: string) => mounted!.$$<T>(selector);
/** The dialogs render in place (jsdom has no showModal), so they are in the container too. */
export const text = () => mounted!.container.textContent ?? '';

export async function click(element: Element | null) {
  await clickOnly(element);
  await settle();
}

export async function submit(form: Element | null) {
  await act(async () => (form as HTMLFormElement).requestSubmit());
  await settle();
}

/**
 * jsdom keeps no files: records what `saveFile` hands to the browser (the blob and the name of each
 * download) until `stop()` puts the browser's object URLs back.
 */
export function recordSavedFiles() {
  const files: Array<{ blob: Blob; name: string }> = [];
  let lastBlob: Blob | undefined;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const record = (event: Event) => {
    const link = event.target as HTMLAnchorElement;
    if (link.download) {
      event.preventDefault();
      files.push({ blob: lastBlob!, name: link.download });
    }
  };
  URL.createObjectURL = (blob: Blob) => ((lastBlob = blob), 'blob:saved');
  URL.revokeObjectURL = () => undefined;
  document.addEventListener('click', record, true);
  return {
    files,
    stop() {
      document.removeEventListener('click', record, true);
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    },
  };
}
