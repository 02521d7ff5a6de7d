/**
 * Component tests in jsdom: a React root in a container of its own, and what a user does to it
 * (type into a field, click) and waits for (an HTTP answer's effect), each inside `act` so React
 * commits before the test looks. Turns on React's act environment, which `act()` needs.
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedRoot {
  readonly container: HTMLDivElement;
  /** Renders `node` into the root and flushes its effects. */
  render(node: ReactNode): Promise<void>;
  /** The first element in the container matching `selector`. */
  $<T extends Element = HTMLElement>(selector: string): T | null;
  /** Every element in the container matching `selector`. */
  $$<T extends Element = HTMLElement>(selector: string): T[];
  /** Unmounts the root and removes the container. */
  unmount(): void;
}

/** A React root in a new container in `document.body`. */
export function mountRoot(): MountedRoot {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return {
    container,
    render: (node) => act(async () => root.render(node)),
    $: <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector),
    $$: <T extends Element = HTMLElement>(selector: string) => [...container.querySelectorAll<T>(selector)],
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * A {@link mountRoot} for each test of the calling file: mounted before each test, unmounted after
 * it (vitest's hooks, registered where this is called, so a file's own `beforeEach` registered
 * after it runs with the root ready). The returned object reads the current test's root.
 */
export function renderRootPerTest(): Omit<MountedRoot, 'unmount'> {
  let mounted: MountedRoot | undefined;
  beforeEach(() => {
    mounted = mountRoot();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
  });
  const current = () => {
    if (!mounted) throw new Error('renderRootPerTest: used outside a test');
    return mounted;
  };
  return {
    get container() {
      return current().container;
    },
    render: (node) => current().render(node),
    $: <T extends Element = HTMLElement>(selector: string) => current().$<T>(selector),
    $$: <T extends Element = HTMLElement>(selector: string) => current().$$<T>(selector),
  };
}

/** Sets a field's value as typing does (through the element's own value setter, which React watches) and fires its event. */
export async function typeInto(field: Element | null, value: string) {
  if (!field) throw new Error('no field');
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Clicks `element` inside `act`. */
export async function click(element: Element | null) {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
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
