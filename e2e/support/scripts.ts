import type { Page, Response } from '@playwright/test';

/**
 * A property name every zod schema object carries in zod's own bundle and nothing else of ours
 * (checked against the builds: only the chunks that bundle zod contain it).
 */
export const ZOD_MARKER = '._zod';

export interface LoadedScript {
  url: string;
  body: Promise<string>;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');

/** Every script the page fetches from now on (any origin: the shell and the remotes), read as it arrives. */
export function recordScripts(page: Page): LoadedScript[] {
  const scripts: LoadedScript[] = [];
  page.on('response', (response) => {
    if (isScript(response)) scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return scripts;
}

/** The addresses of the recorded scripts that carry one of `markers` (zod's, by default). */
export async function scriptsCarrying(scripts: LoadedScript[], markers: string[] = [ZOD_MARKER]): Promise<string[]> {
  const bodies = await Promise.all(scripts.map(async ({ url, body }) => ({ url, text: await body })));
  return bodies.filter(({ text }) => markers.some((marker) => text.includes(marker))).map(({ url }) => url);
}
