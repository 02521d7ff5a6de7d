import { expect, test, type Page, type Response, type Route } from '@playwright/test';
import { newMember, signedInContext } from '../support/community';
import { ZOD_MARKER } from '../support/scripts';
import { remoteUrl } from '../support/stack';
import { directionOf } from '@scholars/shared-contracts/locale';

/**
 * A signed-in, subscribed reader's cold load of the research community list (issue 6): the list
 * reads without zod, and the details page (its tabs, the chat socket and panel, zod and the shared
 * schemas that parse the chat's frames) is a lazy chunk of the pages expose, fetched when a research
 * is opened. Checked on what the browser really fetched, by content, then proved not vacuous by
 * opening a research in the same page: that does fetch the details chunk and zod.
 */

/** Text only the details page's code holds (CommunityDetails.tsx's log line). */
const DETAILS_MARKER = '[community] research failed';
/** Text only the chat socket client's code holds (chat/chat-socket.ts). */
const CHAT_MARKER = '[community] chat socket could not be created';

const COMMUNITY_ORIGIN = new URL(remoteUrl('community')).origin;

interface Fetched {
  url: string;
  /** The body, or null when it could not be read (a failure of its own below). */
  body: Promise<string | null>;
}

/** Every response the page gets, and the bodies of its scripts (any origin), read as they arrive. */
function watch(page: Page) {
  const responses: string[] = [];
  const scripts: Fetched[] = [];
  page.on('response', (response: Response) => {
    responses.push(response.url());
    const isScript = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
    if (isScript && response.status() === 200) scripts.push({ url: response.url(), body: response.text().catch(() => null) });
  });
  return { responses, scripts };
}

async function read(fetched: Fetched[]) {
  return Promise.all(fetched.map(async ({ url, body }) => ({ url, body: await body })));
}

const fromCommunity = (url: string) => new URL(url).origin === COMMUNITY_ORIGIN;

for (const { locale, theme } of [
  { locale: 'en', theme: 'light' },
  { locale: 'ar', theme: 'dark' },
] as const) {
  test(`a cold load of the research list fetches neither zod nor the details and chat code (${locale}, ${theme})`, async ({ browser, request }) => {
    test.setTimeout(60_000);
    const reader = await newMember(request, { name: locale === 'ar' ? 'سارة القارئة' : 'Sara Reader', locale });
    const { context, page } = await signedInContext(browser, reader, locale, theme);
    try {
      const seen = watch(page);
      await page.goto('/research-community');
      await expect(page.getByTestId('community-list')).toBeVisible();
      const cards = page.getByTestId('research-card');
      await expect(cards.first().or(page.getByTestId('empty-state'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      // Whatever the page would fetch after its start (idle prefetches included) has come.
      await page.waitForLoadState('networkidle');

      const listResponses = [...seen.responses];
      const listScripts = await read(seen.scripts.splice(0));
      expect(listScripts.filter(({ body }) => body === null).map(({ url }) => url), 'every script body was read').toEqual([]);
      // The remote's list code itself came (the checks below are about something that ran).
      expect(listScripts.some(({ url }) => fromCommunity(url))).toBe(true);
      expect(listScripts.filter(({ body }) => body!.includes(ZOD_MARKER)).map(({ url }) => url), 'scripts holding zod').toEqual([]);
      expect(
        listScripts.filter(({ url, body }) => fromCommunity(url) && (body!.includes(DETAILS_MARKER) || body!.includes(CHAT_MARKER))).map(({ url }) => url),
        'community scripts holding the details page or the chat',
      ).toEqual([]);

      // Not vacuous: opening a research (the stack seeds twelve) fetches the details chunk, with
      // the chat and zod, from the community remote; none of those addresses was fetched before.
      await cards.first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/community\/\d+$/);
      await expect(page.getByTestId('community-details')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId('research-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const detailsScripts = await read(seen.scripts.splice(0));
      const detailsChunks = detailsScripts.filter(({ url, body }) => fromCommunity(url) && body !== null && body.includes(DETAILS_MARKER));
      expect(detailsChunks.length, 'the details chunk came from the community remote').toBeGreaterThan(0);
      expect(detailsScripts.some(({ body }) => body?.includes(CHAT_MARKER))).toBe(true);
      expect(detailsScripts.some(({ body }) => body?.includes(ZOD_MARKER))).toBe(true);
      expect(listResponses.filter((url) => detailsChunks.some((chunk) => chunk.url === url))).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("opening a research: the page's loading state while its code comes, and a failed fetch recovers with the area's retry (ar)", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const reader = await newMember(request, { name: 'ريم القارئة', locale: 'ar' });
  const { context, page } = await signedInContext(browser, reader, 'ar');
  try {
    // The details chunk (known by its content) is held, then failed, the first time it is asked for.
    let held: (() => void) | undefined;
    let detailsAsked = 0;
    await context.route(
      (url) => url.origin === COMMUNITY_ORIGIN && url.pathname.endsWith('.js'),
      async (route: Route) => {
        const response = await route.fetch();
        if (!(await response.text()).includes(DETAILS_MARKER)) return route.fulfill({ response });
        detailsAsked += 1;
        if (detailsAsked > 1) return route.fulfill({ response });
        await new Promise<void>((release) => (held = release));
        return route.abort('failed');
      },
    );
    await page.goto('/research-community');
    const cards = page.getByTestId('research-card');
    await expect(cards.first()).toBeVisible();
    expect(detailsAsked).toBe(0);

    await cards.first().getByRole('link').first().click();
    // The page's own loading state, in the reader's language, while its code is on the way.
    const loading = page.getByRole('status').filter({ hasText: 'جارٍ تحميل البحث…' });
    await expect(loading).toBeVisible();
    await expect.poll(() => detailsAsked).toBe(1);
    held!();
    // A failed fetch shows the shell's failure for the area; its retry fetches the code again.
    const failure = page.getByTestId('remote-fallback-community');
    await expect(failure).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await failure.getByRole('button').click();
    await expect(page.getByTestId('community-details')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('research-title')).toBeVisible();
    expect(detailsAsked).toBe(2);
  } finally {
    await context.close();
  }
});
