import { expect, test } from '@playwright/test';
import { scrollThroughHome, skipAdsPopup } from '../support/session';

const remotes = ['conferences', 'community', 'library', 'account'] as const;
const libraries = ['react', 'reactDom', 'reactRouterDom', 'i18next', 'reactI18next', 'zustand', 'sharedContracts', 'eventBus', 'tokenStore'] as const;

test('shared libraries are one instance across the shell and every remote', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => Boolean(window.__scholars));
  const verdicts = await page.evaluate(
    async ([names, keys]) => {
      const diagnostics = window.__scholars!;
      const result: Record<string, Record<string, boolean>> = {};
      for (const name of names) {
        const remote = (await diagnostics.remote(name)) as unknown as Record<string, unknown>;
        const shell = diagnostics.shell as unknown as Record<string, unknown>;
        result[name] = Object.fromEntries(keys.map((key) => [key, remote[key] !== undefined && remote[key] === shell[key]]));
      }
      return result;
    },
    [remotes, libraries] as const,
  );
  for (const name of remotes) {
    for (const key of libraries) expect(verdicts[name]?.[key], `${name}: ${key}`).toBe(true);
  }
});

test('a store write in the shell is seen in a remote, and a remote event reaches the shell', async ({ page }) => {
  await skipAdsPopup(page);
  await page.goto('/');
  await page.waitForFunction(() => Boolean(window.__scholars));
  const seen = await page.evaluate(async () => {
    const diagnostics = window.__scholars!;
    const remote = await diagnostics.remote('community');
    diagnostics.shell.tokenStore.getState().setAccessToken('written-by-shell');
    const inRemote = remote.tokenStore.getState().accessToken;
    diagnostics.shell.tokenStore.getState().clear();
    remote.eventBus.emit('toast', { kind: 'info', title: 'Remote', message: 'Hello from the community remote' });
    return inRemote;
  });
  expect(seen).toBe('written-by-shell');
  // The shell's notification area (listening on the shared bus) shows the remote's toast.
  await expect(page.getByTestId('toast-info')).toContainText('Hello from the community remote');
  // At the reading-start corner, below the header: the site's name and menu stay in sight.
  const toast = (await page.getByTestId('toast-info').boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(toast.x).toBeLessThan(100);
});

test('react-dom is fetched once on a page composed of the shell and a remote', async ({ page }) => {
  const reactDomScripts = new Set<string>();
  // Each script's body is read asynchronously: the check waits for every read, not only the network.
  const bodiesRead: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodiesRead.push(
      response
        .text()
        .catch(() => '')
        .then((body) => {
          // A marker only React DOM's client bundle carries.
          if (body.includes('hydrateRoot') && body.includes('createRoot') && body.length > 50_000) reactDomScripts.add(response.url());
        }),
    );
  });
  // Code and styles: each module of the shell, the remotes and the shared libraries comes once.
  const gets: string[] = [];
  page.on('request', (request) => {
    if (['script', 'stylesheet', 'font'].includes(request.resourceType())) gets.push(request.url());
  });
  await page.goto('/conferences/1');
  await expect(page.getByTestId('conferences-list')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(bodiesRead);
  expect([...reactDomScripts]).toHaveLength(1);
  // No module or stylesheet fetched twice.
  const duplicates = gets.filter((url, index) => gets.indexOf(url) !== index);
  expect(duplicates).toEqual([]);
});

// A string only each library's production code carries (kept in step with scripts/bench/frontend-network.mjs).
const MARKERS: Record<string, RegExp> = {
  react: /Objects are not valid as a React child/,
  'react-dom': /__reactContainer\$/,
  'react-router-dom': /You cannot render a <Router> inside another <Router>/,
  i18next: /won't get resolved as namespace/,
  'react-i18next': /You will need to pass in an i18next instance/,
  zustand: /getInitialState:/,
  'federation runtime': /\[ Federation Runtime \]/,
};

test('a cold load of / fetches each shared library and the federation runtime once', async ({ page }) => {
  const bodies: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.text().then((body) => ({ url: response.url(), body }), () => ({ url: response.url(), body: '' })));
  });
  await page.goto('/');
  // Every area of the home page is there (the widgets mount as the reader approaches them).
  await scrollThroughHome(page);
  await expect(page.getByTestId('team-card').first()).toBeVisible();
  await expect(page.getByTestId('home-community')).toBeVisible();
  await expect(page.getByTestId('events-widget')).toBeVisible();
  await expect(page.getByTestId('pricing-section')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  const copies = Object.fromEntries(Object.entries(MARKERS).map(([name, marker]) => [name, scripts.filter(({ body }) => marker.test(body)).map(({ url }) => url)]));
  for (const [name, urls] of Object.entries(copies)) expect(urls, `${name} fetched once`).toHaveLength(1);
  // No script fetched twice, and none of a remote's own fallback copies of what the shell shares.
  const urls = scripts.map(({ url }) => url);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
});
