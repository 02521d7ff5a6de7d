/**
 * The console screens' component tests: a React root in jsdom (the shared `mountRoot`), the shared
 * i18next in a language with this remote's texts (the console's included), and the shared helpers
 * to click, type and wait. The screens call the real `apiClient`; a test points it at the shared
 * test API server (`@scholars/shared-contracts/testing/api-server`), whose answers arrive over real
 * HTTP: wait for what they show with `waitFor`.
 */
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { mountRoot, type MountedRoot } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../i18n';
import { registerConsoleTranslations } from '../i18n/console';

export { click, typeInto as type, waitFor } from '@scholars/shared-contracts/testing/render-root';

let mounted: MountedRoot | null = null;

export async function setUp(locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
  registerConsoleTranslations();
  await i18next.changeLanguage(locale);
  mounted = mountRoot();
}

export function tearDown() {
  mounted?.unmount();
  mounted = null;
  tokenStore.getState().clear();
}

export const render = (node: ReactNode) => mounted!.render(node);
export const $ = <T extends Element = HTMLElement>(selector: string) => mounted!.$<T>(selector);
export const $$ = <T extends Element = HTMLElement>(selector: string) => mounted!.$$<T>(selector);
