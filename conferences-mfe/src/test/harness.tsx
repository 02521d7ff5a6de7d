/**
 * The console screens' component tests: a React root in jsdom, the shared i18next in a language
 * with this remote's texts (the console's included), and helpers to click, type and wait. The
 * screens call the real `apiClient`; a test points it at the shared test API server
 * (`@scholars/shared-contracts/testing/api-server`), whose answers arrive over real HTTP: wait for
 * what they show with `waitFor`.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { registerTranslations } from '../i18n';
import { registerConsoleTranslations } from '../i18n/console';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
let root: Root | null = null;

export async function setUp(locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
  registerConsoleTranslations();
  await i18next.changeLanguage(locale);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
}

export function tearDown() {
  act(() => root?.unmount());
  container?.remove();
  tokenStore.getState().clear();
}

export async function render(node: ReactNode) {
  await act(async () => root!.render(node));
}

/** Runs `check` until it returns something truthy without throwing; after `timeout` ms the last failure is thrown. */
export async function waitFor<T>(check: () => T, timeout = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown = new Error('waitFor: timed out');
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

export const $ = <T extends Element = HTMLElement>(selector: string) => container!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(selector: string) => [...container!.querySelectorAll<T>(selector)];

export async function click(element: Element | null) {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
}

export async function type(input: Element | null, value: string) {
  if (!input) throw new Error('no field');
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
