import { expect, test } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_URL, remoteUrl } from '../support/stack';

// An integrator's page: no shell, no shared scope, just a div and the remote's lifecycles.
const embedPage = (entry: string, apiBase: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Integrator page</title></head>
<body>
  <h1 id="host-title">A university portal</h1>
  <div id="slot"></div>
  <button id="unmount" type="button">unmount</button>
  <script type="module">
    const container = await import(${JSON.stringify(entry)});
    await container.init({});
    const lifecycles = (await container.get('./lifecycles'))();
    const props = { name: 'conferences-embed', domElement: document.getElementById('slot'), locale: 'ar', theme: 'dark',
      apiBase: ${JSON.stringify(apiBase)}, initialPath: '/conferences/1' };
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    window.embedMounted = true;
    document.getElementById('unmount').addEventListener('click', async () => {
      await lifecycles.unmount(props);
      window.embedUnmounted = true;
    });
  </script>
</body></html>`;

test('a remote mounts alone on a plain HTML page, in Arabic, and unmounts cleanly', async ({ page }) => {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(embedPage(`${remoteUrl('conferences')}/remoteEntry.js`, `${API_URL}/api`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (window as unknown as { embedMounted?: boolean }).embedMounted === true);
    const slot = page.locator('#slot');
    await expect(slot.getByTestId('conferences-list')).toBeVisible();
    await expect(slot.getByRole('heading', { level: 1 })).toHaveText('المؤتمرات');
    await expect(slot.locator('[data-embedded-remote]')).toHaveAttribute('dir', 'rtl');
    await expect(slot.locator('[data-embedded-remote]')).toHaveClass(/dark/);
    // The host page keeps its own styles: the remote ships no base reset.
    const hostTitleSize = await page.locator('#host-title').evaluate((el) => getComputedStyle(el).fontSize);
    expect(hostTitleSize).toBe('32px');

    await page.locator('#unmount').click();
    await page.waitForFunction(() => (window as unknown as { embedUnmounted?: boolean }).embedUnmounted === true);
    await expect(slot).toBeEmpty();
    expect(await page.locator('style[data-remote-styles]').count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
