/** Layout checks of the specs that look at a page on a phone. */
import type { Locator } from '@playwright/test';

/** Whether `text` (within `container`) is laid out inside the container's box (null: not found). */
export function laidOutInside(container: Locator, text: string) {
  return container.evaluate((element, wanted) => {
    const box = element.getBoundingClientRect();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return [...range.getClientRects()].every((rect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5);
    }
    return null;
  }, text);
}
