import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { localeFromQuery, remoteModulesFor, renderPage } from './page';

describe('page rendering', () => {
  let remote: FastifyInstance;
  let origin = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'shell-page-'));
  const indexFile = path.join(dir, 'index.html');

  beforeAll(async () => {
    writeFileSync(
      indexFile,
      '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <meta name="description" content="English." />\n  </head>\n  <body><div id="root"></div></body>\n</html>',
    );
    remote = Fastify();
    remote.get('/mf-manifest.json', async () => ({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [
        { path: './pages', assets: { js: { sync: ['assets/pages-1.js', 'assets/dep-2.js'] }, css: { sync: ['assets/pages-1.css'] } } },
        { path: './widgets', assets: { js: { sync: ['assets/widgets-3.js'] }, css: { sync: [] } } },
      ],
    }));
    await remote.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(remote.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await remote?.close();
  });

  it('reads the language of ?lang= and nothing else', () => {
    expect(localeFromQuery({ lang: 'ar' })).toBe('ar');
    expect(localeFromQuery({ lang: 'en' })).toBe('en');
    expect(localeFromQuery({ lang: 'fr' })).toBeNull();
    expect(localeFromQuery(undefined)).toBeNull();
  });

  it('knows which remote modules a route shows at start', () => {
    expect(remoteModulesFor('/')).toEqual([
      { remote: 'community', expose: 'widgets', manifestOnly: true },
      { remote: 'conferences', expose: 'widgets', manifestOnly: true },
      { remote: 'account', expose: 'widgets', manifestOnly: true },
    ]);
    expect(remoteModulesFor('/conference/12')).toEqual([{ remote: 'conferences', expose: 'pages' }]);
    expect(remoteModulesFor('/about')).toEqual([]);
    // Guarded routes redirect a visitor: nothing to preload.
    expect(remoteModulesFor('/profile')).toEqual([]);
  });

  it('renders Arabic pages right to left, with hreflang alternates and the route remote preloads', async () => {
    const html = await renderPage({
      indexFile,
      pageUrl: 'http://site.example/conference/12',
      pathname: '/conference/12',
      locale: 'ar',
      manifest: { remotes: [{ name: 'conferences', entry: `${origin}/mf-manifest.json` }] },
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('ملتقى الباحثين');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://site.example/conference/12">');
    expect(html).toContain('<link rel="alternate" hreflang="ar" href="http://site.example/conference/12?lang=ar">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://site.example/conference/12">');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${origin}/mf-manifest.json">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${origin}/remoteEntry.js">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${origin}/assets/pages-1.js">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${origin}/assets/dep-2.js">`);
    expect(html).not.toContain('widgets-3.js');
  });

  it('renders English by default and skips a remote that does not answer', async () => {
    const html = await renderPage({
      indexFile,
      pageUrl: 'http://site.example/conferences/1',
      pathname: '/conferences/1',
      locale: null,
      manifest: { remotes: [{ name: 'conferences', entry: 'http://127.0.0.1:9/mf-manifest.json' }] },
    });
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('content="Scholars Hub:');
    expect(html).not.toContain('modulepreload');
  });
});
