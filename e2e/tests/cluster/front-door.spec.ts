/**
 * The production topology through its one front door (nginx, two API processes, two shell servers;
 * e2e/cluster.config.ts): a visitor signs in; a PDF submitted through the front door, handled by
 * one API process, is read through the other; two users whose chat sockets are on different API
 * processes talk; the request limit is counted once across the processes.
 */
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from '../../support/accounts';
import { newMember, signedInContext } from '../../support/community';
import { makePdf, makePng } from '../../support/library';
import { skipAdsPopup } from '../../support/session';
import { CLUSTER, FRONT_DOOR_URL } from '../../support/cluster';

const otherApi = (instance: string) => `http://127.0.0.1:${CLUSTER.apiPorts[instance === 'api-1' ? 1 : 0]}`;

test('a visitor signs in through the front door; pages come from the shells, the remotes from nginx with their cache headers', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await skipAdsPopup(page);
  const remoteAssets: Array<{ url: string; cacheControl: string | undefined }> = [];
  page.on('response', (response) => {
    if (/\/remotes\/[a-z]+\/assets\//.test(response.url())) remoteAssets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
  });
  const document = await page.goto('/login');
  // The page's security headers come from the shell, once (nginx adds none).
  const csp = document!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp!.split(', ')).toHaveLength(1);
  await page.getByTestId('shell-page').getByLabel('E-mail').fill(user.email);
  await page.getByTestId('shell-page').getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user_id'))).toBe(String(user.user.id));

  // The remotes' files came from the front door, hashed assets cached for a year; the entry is revalidated.
  await page.goto('/research-library');
  await expect.poll(() => remoteAssets.length).toBeGreaterThan(0);
  expect(remoteAssets.every((asset) => asset.url.startsWith(`${FRONT_DOOR_URL}/remotes/`))).toBe(true);
  expect(remoteAssets.every((asset) => asset.cacheControl === 'public, max-age=31536000, immutable')).toBe(true);
  const manifest = await request.get('/remotes/library/mf-manifest.json');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const remotes = (await (await request.get('/remotes.json')).json()) as { remotes: Array<{ entry: string }> };
  expect(remotes.remotes.every((remote) => remote.entry.startsWith(`${FRONT_DOOR_URL}/remotes/`))).toBe(true);
});

test('a PDF submitted through the front door, handled by one API process, is read through the other', async ({ request }) => {
  const user = await createVerifiedUser(request);
  const pdf = makePdf(`Cluster upload ${Date.now()}`);
  const submitted = await request.post('/api/research', {
    headers: { authorization: `Bearer ${user.accessToken}` },
    multipart: {
      title: 'أثر الذكاء الاصطناعي على جودة التعليم الجامعي',
      title_en: `Cluster research ${Date.now()}`,
      description: 'دراسة ميدانية في ثلاث جامعات إماراتية.',
      description_en: 'A field study in three Emirati universities.',
      abstract: 'تبحث هذه الدراسة في أثر أدوات الذكاء الاصطناعي على جودة التعليم الجامعي من وجهة نظر الطلبة.',
      category_id: '1',
      research_type: 'general',
      terms: 'true',
      file: { name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf },
      image: { name: 'cover.png', mimeType: 'image/png', buffer: makePng() },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const uploadedBy = submitted.headers()['x-api-instance']!;
  expect(['api-1', 'api-2']).toContain(uploadedBy);
  const { data } = (await submitted.json()) as { data: { id: number } };

  // The other process, asked directly: it signs the link and sends the same bytes.
  const other = otherApi(uploadedBy);
  const link = await request.post(`${other}/api/research/${data.id}/file-link`, { headers: { authorization: `Bearer ${user.accessToken}` } });
  expect(link.status(), await link.text()).toBe(200);
  expect(link.headers()['x-api-instance']).not.toBe(uploadedBy);
  const { view_url: viewUrl } = ((await link.json()) as { data: { view_url: string } }).data;
  const file = await request.get(`${other}/api/${viewUrl}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.compare(await file.body(), pdf)).toBe(0);
});

/** The API process that took `page`'s chat socket (the handshake's x-api-instance, read through CDP). */
async function chatSocketInstance(page: Page, open: () => Promise<void>): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const instance = new Promise<string>((resolve) => {
    cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
      const headers = event.response.headers as Record<string, string>;
      const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-api-instance')?.[1];
      if (value) resolve(value);
    });
  });
  await open();
  const found = await instance;
  await cdp.detach();
  return found;
}

async function openChat(page: Page) {
  await page.goto('/community/11?tab=chats');
  await expect(page.getByTestId('chat-connection')).toHaveText('Live', { timeout: 20_000 });
}

test('two users whose chat sockets are on different API processes talk live', async ({ browser, request }) => {
  const [alia, badr] = await Promise.all([
    newMember(request, { name: `Alia Cluster ${Date.now()}`, locale: 'en' }),
    newMember(request, { name: `Badr Cluster ${Date.now()}`, locale: 'en' }),
  ]);
  const a = await signedInContext(browser, alia, 'en');
  const b = await signedInContext(browser, badr, 'en');
  try {
    const aliaOn = await chatSocketInstance(a.page, () => openChat(a.page));
    // nginx gives a new socket to the process with fewer connections: Alia's holds hers. Reopened
    // until Badr's socket is on the other process, whatever else the processes are serving.
    let badrOn = '';
    for (let attempt = 0; attempt < 6 && (badrOn === '' || badrOn === aliaOn); attempt++) {
      badrOn = await chatSocketInstance(b.page, () => openChat(b.page));
    }
    expect(badrOn).not.toBe(aliaOn);

    const fromAlia = `Hello from ${aliaOn} ${Date.now()}`;
    await a.page.getByLabel('Your message').fill(fromAlia);
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(b.page.getByTestId('chat-message').filter({ hasText: fromAlia })).toBeVisible();
    const fromBadr = `And from ${badrOn} ${Date.now()}`;
    await b.page.getByLabel('Your message').fill(fromBadr);
    await b.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(a.page.getByTestId('chat-message').filter({ hasText: fromBadr })).toBeVisible();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/** GET through the front door from a loopback address of its own (a client nobody else in this run is). */
function getFrom(localAddress: string, pathname: string): Promise<{ status: number; instance: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${FRONT_DOOR_URL}${pathname}`, { localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, instance: response.headers['x-api-instance'] as string | undefined }));
    });
    req.on('error', reject);
  });
}

test(`the request limit (${CLUSTER.rateLimit} a minute) is counted once across the API processes`, async () => {
  const client = '127.0.0.42';
  const answers: Array<{ status: number; instance: string | undefined }> = [];
  // A few at a time: nginx spreads them over both processes.
  for (let sent = 0; sent < CLUSTER.rateLimit + 4; sent += 4) {
    answers.push(...(await Promise.all(Array.from({ length: 4 }, () => getFrom(client, '/api/subscription-plan')))));
  }
  const ok = answers.filter((answer) => answer.status === 200);
  expect(ok).toHaveLength(CLUSTER.rateLimit);
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
  // Both processes counted into the one limit.
  expect(new Set(ok.map((answer) => answer.instance))).toEqual(new Set(['api-1', 'api-2']));
});
