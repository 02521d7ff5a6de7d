/** The component tests' harness: a React root in jsdom, the shared i18next in a language, helpers to type and settle. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { registerTranslations } from '../i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
let root: Root | null = null;

export async function setUp(locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
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
  await settle();
}

/** Lets the mocked calls answer and React commit. */
export async function settle() {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export const $ = <T extends Element = HTMLElement>(selector: string) => container!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(selector: string) => [...container!.querySelectorAll<T>(selector)];
/** The dialogs render in place (jsdom has no showModal), so they are in the container too. */
export const text = () => container!.textContent ?? '';

export async function click(element: Element | null) {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle();
}

export async function type(input: Element | null, value: string) {
  if (!input) throw new Error('no field');
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export async function submit(form: Element | null) {
  await act(async () => (form as HTMLFormElement).requestSubmit());
  await settle();
}
