import type { Page } from '@playwright/test';

/**
 * A property name every zod schema object carries in zod's own bundle and nothing else of ours
 * (checked against the builds: only the chunks that bundle zod contain it).
 */
export const ZOD_MARKER = '._zod';

/** Bodies of the scripts the page fetches from now on (any origin), read as they arrive. */
export function scriptBodies(page: Page): Array<Promise<string>> {
  const bodies: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

/** The start of each collected script that carries zod (the start names it in a failure). */
export async function scriptsWithZod(bodies: Array<Promise<string>>): Promise<string[]> {
  return (await Promise.all(bodies)).filter((body) => body.includes(ZOD_MARKER)).map((body) => body.slice(0, 160));
}
