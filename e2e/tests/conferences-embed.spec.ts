import { expect, test } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_URL, remoteUrl } from '../support/stack';

// An integrator's page: no shell, no shared scope; it serves its own page and forwards /api and
// /files to the platform (a reverse proxy, so the remote's calls are same-origin for the browser).
const embedPage = (entry: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>University portal</title></head>
<body>
  <h1 id="host-title">A university portal</h1>
  <div id="slot"></div>
  <script type="module">
    const container = await import(${JSON.stringify(entry)});
    await container.init({});
    const lifecycles = (await container.get('./lifecycles'))();
    const props = { name: 'conferences-list-embed', domElement: document.getElementById('slot'), locale: 'ar', theme: 'light',
      apiBase: location.origin + '/api', filesBase: location.origin + '/files/', initialPath: '/conferences/1' };
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    window.embedMounted = true;
  </script>
</body></html>`;

function forward(request: http.IncomingMessage, response: http.ServerResponse) {
  const target = new URL(request.url ?? '/', API_URL);
  const upstream = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', () => {
    response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}

test('the conferences remote mounted alone shows the list in Arabic with locale ar, and opens a conference', async ({ page }) => {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/') || request.url?.startsWith('/files/')) return forward(request, response);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(embedPage(`${remoteUrl('conferences')}/remoteEntry.js`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (window as unknown as { embedMounted?: boolean }).embedMounted === true);
    const slot = page.locator('#slot');
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('lang', 'ar');
    const list = slot.getByTestId('conferences-list');
    await expect(list.getByRole('heading', { level: 1 })).toHaveText('المؤتمرات');
    await expect(list.getByTestId('category-name')).toHaveText('المؤتمرات الأكاديمية');
    await expect(list.getByLabel('ابحث بالعنوان أو الكلمات المفتاحية')).toBeVisible();
    const cards = list.getByTestId('conference-card');
    await expect(cards).toHaveCount(4);
    for (const title of await cards.getByRole('heading').allInnerTexts()) expect(title).toMatch(/[\u0600-\u06FF]/);
    await expect(list.getByTestId('results-count')).toHaveText('4 مؤتمرات');
    // Images come from the platform's files base.
    await expect(cards.first().locator('img')).toHaveAttribute('src', /\/files\/images\/conferences\/\d+\.svg$/);
    // (it may still be arriving when its src is set: wait for it to load, not for a moment)
    await expect.poll(() => cards.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Searching and opening a conference work inside the remote's own router.
    await list.getByLabel('ابحث بالعنوان أو الكلمات المفتاحية').fill('الذكاء الاصطناعي');
    await list.getByRole('button', { name: 'بحث' }).click();
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('heading').getByRole('link').click();
    const details = slot.getByTestId('conferences-details');
    await expect(details.getByRole('heading', { level: 1 })).toHaveText('المؤتمر الدولي للذكاء الاصطناعي في التعليم العالي');
    await expect(details.getByRole('tab', { name: 'جدول الأعمال' })).toBeVisible();
    // The host page keeps its own styles (no reset shipped by the remote).
    expect(await page.locator('#host-title').evaluate((el) => getComputedStyle(el).fontSize)).toBe('32px');
    expect(errors).toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
