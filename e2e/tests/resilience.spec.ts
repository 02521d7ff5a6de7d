import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from '../../shell/server/index';
// @ts-expect-error plain ESM script without types
import { buildStaticServer } from '../../scripts/serve-static.mjs';
import { API_URL, remoteUrl } from '../support/stack';
import { signInNewUser } from '../support/accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A second shell and a second community remote, started by this test on their own ports, so
 * stopping the remote does not disturb the suite's shared stack.
 */
test.describe('one remote down', () => {
  test.describe.configure({ mode: 'serial' });
  let shell: FastifyInstance;
  let community: FastifyInstance | null = null;
  let shellUrl = '';
  let communityPort = 0;
  let manifestFile = '';

  const startCommunity = async () => {
    community = (await buildStaticServer({ root: path.join(root, 'community-mfe/dist') })) as FastifyInstance;
    await community.listen({ port: communityPort, host: '127.0.0.1' });
    communityPort = (community.server.address() as { port: number }).port;
  };

  test.beforeAll(async () => {
    await startCommunity();
    manifestFile = path.join(mkdtempSync(path.join(tmpdir(), 'scholars-manifest-')), 'remotes.json');
    const writeManifest = (communityBase: string) =>
      writeFileSync(
        manifestFile,
        JSON.stringify({
          remotes: [
            { name: 'conferences', entry: `${remoteUrl('conferences')}/mf-manifest.json` },
            { name: 'community', entry: `${communityBase}/mf-manifest.json` },
            { name: 'library', entry: `${remoteUrl('library')}/mf-manifest.json` },
            { name: 'account', entry: `${remoteUrl('account')}/mf-manifest.json` },
          ],
        }),
      );
    writeManifest(`http://127.0.0.1:${communityPort}`);
    shell = await buildShellServer({ apiUrl: API_URL, manifest: { file: manifestFile } });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    shellUrl = `http://127.0.0.1:${(shell.server.address() as { port: number }).port}`;
  });

  test.afterAll(async () => {
    await community?.close();
    await shell?.close();
  });

  test('the rest of the site keeps working, the area shows a fallback, and retry recovers', async ({ page, request }) => {
    await signInNewUser(page, request);
    await page.goto(`${shellUrl}/research-community`);
    await expect(page.getByTestId('community-list')).toBeVisible();

    await community!.close();
    community = null;

    // A fresh load with the community remote down.
    await page.goto(`${shellUrl}/research-community`);
    await expect(page.getByTestId('remote-fallback-community')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Other remotes and shell pages still work.
    await page.getByRole('banner').getByRole('link', { name: 'E-book library' }).click();
    await expect(page.getByTestId('library-list')).toBeVisible();
    await page.goto(`${shellUrl}/conferences/2`);
    await expect(page.getByTestId('conferences-list')).toBeVisible();

    // The remote comes back: retry in its area loads it without a page reload.
    await page.goto(`${shellUrl}/research-community`);
    await expect(page.getByTestId('remote-fallback-community')).toBeVisible();
    await startCommunity();
    await page.getByTestId('remote-fallback-community').getByRole('button').click();
    await expect(page.getByTestId('community-list')).toBeVisible();
  });

  test('the manifest decides where a remote is loaded from, with no rebuild', async ({ page, request }) => {
    await signInNewUser(page, request);
    // Point the community remote at the suite's main community server instead.
    writeFileSync(
      manifestFile,
      JSON.stringify({
        remotes: [
          { name: 'conferences', entry: `${remoteUrl('conferences')}/mf-manifest.json` },
          { name: 'community', entry: `${remoteUrl('community')}/mf-manifest.json` },
          { name: 'library', entry: `${remoteUrl('library')}/mf-manifest.json` },
          { name: 'account', entry: `${remoteUrl('account')}/mf-manifest.json` },
        ],
      }),
    );
    const fromMain: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(remoteUrl('community'))) fromMain.push(request.url());
    });
    await page.goto(`${shellUrl}/research-community`);
    await expect(page.getByTestId('community-list')).toBeVisible();
    expect(fromMain.length).toBeGreaterThan(0);
  });
});
