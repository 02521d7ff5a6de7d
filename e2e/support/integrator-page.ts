import { expect, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locale } from '@scholars/shared-contracts/locale';
import { API_URL, remoteUrl } from './stack';

type RemoteName = Parameters<typeof remoteUrl>[0];

export interface IntegratorPageOptions {
  remote: RemoteName;
  name: string;
  locale: Locale;
  theme: 'light' | 'dark';
  initialPath: string;
  /**
   * 'platform': the remote calls the platform's API across origins (allowed only for CORS_ORIGINS).
   * 'proxied': the page forwards /api and /files to the platform, so the calls are same-origin.
   */
  api: 'platform' | 'proxied';
}

// An integrator's page: no shell, no shared scope, a heading of its own, a div and the remote's
// lifecycles. The page writes how the mount went on <body data-embed> (and the error, should one
// come), so the test waits from Node rather than polling in the page, where requestAnimationFrame
// can be starved while the suite's two workers load the cores.
function pageHtml({ remote, name, locale, theme, initialPath, api }: IntegratorPageOptions) {
  const base = api === 'platform' ? JSON.stringify(API_URL) : 'location.origin';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>University portal</title></head>
<body>
  <h1 id="host-title">A university portal</h1>
  <div id="slot"></div>
  <button id="unmount" type="button">unmount</button>
  <script type="module">
    const report = (state, error) => {
      document.body.dataset.embed = state;
      if (error) document.body.dataset.embedError = String(error?.stack ?? error);
    };
    try {
      const container = await import(${JSON.stringify(`${remoteUrl(remote)}/remoteEntry.js`)});
      await container.init({});
      const lifecycles = (await container.get('./lifecycles'))();
      const props = { name: ${JSON.stringify(name)}, domElement: document.getElementById('slot'),
        locale: ${JSON.stringify(locale)}, theme: ${JSON.stringify(theme)}, initialPath: ${JSON.stringify(initialPath)},
        apiBase: ${base} + '/api', filesBase: ${base} + '/files/' };
      await lifecycles.bootstrap(props);
      await lifecycles.mount(props);
      report('mounted');
      document.getElementById('unmount').addEventListener('click', () =>
        lifecycles.unmount(props).then(() => report('unmounted'), (error) => report('failed', error)));
    } catch (error) {
      report('failed', error);
    }
  </script>
</body></html>`;
}

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

/**
 * Serves an integrator's page on 127.0.0.1, opens it and waits until the remote is mounted. A mount
 * that fails or never ends fails the test with what the page said: its errors, its console's errors
 * and the requests that failed.
 */
export async function openIntegratorPage(page: Page, options: IntegratorPageOptions) {
  const html = pageHtml(options);
  const server = http.createServer((request, response) => {
    if (options.api === 'proxied' && (request.url?.startsWith('/api/') || request.url?.startsWith('/files/'))) {
      return forward(request, response);
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()}: ${request.failure()?.errorText}`));
  const body = page.locator('body');
  const diagnosis = async () =>
    [
      `data-embed: ${await body.getAttribute('data-embed')}`,
      `error: ${await body.getAttribute('data-embed-error')}`,
      `page errors: ${pageErrors.join(' | ') || 'none'}`,
      `console errors: ${consoleErrors.join(' | ') || 'none'}`,
      `failed requests: ${failedRequests.join(' | ') || 'none'}`,
    ].join('\n');
  const waitFor = async (state: 'mounted' | 'unmounted') => {
    await expect(body)
      .toHaveAttribute('data-embed', state, { timeout: 20_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe integrator page:\n${await diagnosis()}`);
      });
  };

  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await waitFor('mounted');
  } catch (error) {
    await close();
    throw error;
  }
  return {
    slot: page.locator('#slot'),
    hostTitle: page.locator('#host-title'),
    pageErrors,
    consoleErrors,
    async unmount() {
      await page.locator('#unmount').click();
      await waitFor('unmounted');
    },
    close,
  };
}
