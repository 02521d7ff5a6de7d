import type { Page } from '@playwright/test';

/**
 * Counts the elements matching `selector` (or holding one) that leave #root from the first byte
 * on: hydrating the server's markup removes none, rendering it afresh replaces them all.
 * Read the count with `removedFromRoot`.
 */
export async function watchRemovedFromRoot(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    const removed = { count: 0 };
    (window as unknown as { removedFromRoot: typeof removed }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        if (!(record.target as Element).closest?.('#root')) continue;
        for (const node of record.removedNodes) if (node instanceof Element && (node.matches(wanted) || node.querySelector(wanted))) removed.count += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

export const removedFromRoot = (page: Page) => page.evaluate(() => (window as unknown as { removedFromRoot: { count: number } }).removedFromRoot.count);

/** Collects the page's uncaught errors and console errors and warnings, as they come. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  return errors;
}
