/**
 * The component tests' harness: a React root in jsdom, the shared i18next in a language, helpers to
 * type, settle and wait. The screens call the real `apiClient`; a test points it at the shared test
 * API server (`@scholars/shared-contracts/testing/api-server`), whose answers arrive over real HTTP:
 * wait for what they show with `waitFor`, never assume one `settle` was enough.
 */
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

/** Lets pending promises and timers run and React commit (no guarantee that an HTTP answer has arrived: see `waitFor`). */
export async function settle() {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * Runs `check` until it stops throwing (an `expect` inside it) or returns something other than
 * `false`/`null`/`undefined`, letting React commit between tries (inside `act`, so the updates of an
 * answer that arrives meanwhile are applied), and returns its value; after `timeout` ms the last
 * failure is thrown. For what an HTTP answer shows, or for a request that must have reached the server.
 */
export async function waitFor<T>(check: () => T, { timeout = 10_000, interval = 10 } = {}): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown;
    try {
      const value = check();
      if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>;
      failure = new Error(`waitFor: still ${String(value)} after ${timeout} ms`);
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, interval));
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
