import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { localeFromQuery, pagePreferences, remoteModulesFor, renderDocument, renderPage } from './page';
import type { Locale } from '@scholars/shared-contracts/locale';

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

  it('announces the same start chunks on every prerendered page, in either language (no texts chunk: every text is in them)', async () => {
    const withPreload = path.join(dir, 'index-start.html');
    writeFileSync(
      withPreload,
      '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <meta name="description" content="English." />\n    <link rel="modulepreload" crossorigin href="/assets/start-1.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>',
    );
    const startChunks = async (pathname: string, locale: Locale) => {
      const html = await renderPage({ indexFile: withPreload, pageUrl: `http://site.example${pathname}`, pathname, locale, manifest: { remotes: [] } });
      return (/<meta name="scholars-start-chunks" content="([^"]*)">/.exec(html)?.[1] ?? '').split(' ');
    };
    for (const pathname of ['/', '/about']) {
      for (const locale of ['en', 'ar'] as const) expect(await startChunks(pathname, locale), `${pathname} ${locale}`).toEqual(['/assets/start-1.js']);
    }
  });

  it('knows which remote modules a route shows at start', () => {
    // The home page's widgets come as the reader approaches them: nothing of theirs at start.
    expect(remoteModulesFor('/')).toEqual([]);
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
    // The manifest of this request is in the page: the shell does not fetch /remotes.json first.
    const meta = /<meta name="scholars-remotes" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(JSON.parse(meta.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'))).toEqual({
      remotes: [{ name: 'conferences', entry: `${origin}/mf-manifest.json` }],
    });
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

  it('takes the language from ?lang=, else the page cookie, and the theme from its cookie', () => {
    expect(pagePreferences({ lang: 'ar' }, 'scholars_lang=en; scholars_theme=dark')).toEqual({ locale: 'ar', theme: 'dark' });
    expect(pagePreferences({}, 'other=1; scholars_lang=ar')).toEqual({ locale: 'ar', theme: null });
    expect(pagePreferences({}, 'scholars_lang=fr; scholars_theme=system')).toEqual({ locale: null, theme: null });
    expect(pagePreferences(undefined, undefined)).toEqual({ locale: null, theme: null });
  });

  it('prerenders the home page in its language and theme: the hero text is in #root before any script', async () => {
    const render = (locale: Locale, theme: 'light' | 'dark' | null) =>
      renderPage({ indexFile, pageUrl: 'http://site.example/', pathname: '/', locale, theme, manifest: { remotes: [] } });
    const english = await render('en', null);
    expect(english).toContain('<html lang="en" dir="ltr">');
    const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(english)?.[1] ?? '';
    expect(root).toContain('data-testid="home-hero"');
    expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(root).toContain('data-testid="deferred-community-CommunityCarousel"');
    // Whether someone is signed in is not known here: the account buttons keep their place, unseen.
    expect(root).toMatch(/class="flex items-center gap-2 invisible"><a[^>]*href="\/login"/);
    expect(root).not.toContain('<script');
    expect(root).not.toContain('style=');

    const arabic = await render('ar', 'dark');
    expect(arabic).toContain('<html lang="ar" dir="rtl" class="dark">');
    expect(arabic).toContain('ملتقى الباحثين');
    const englishTitle = /<h1[^>]*>([^<]+)<\/h1>/.exec(english)?.[1];
    const arabicTitle = /<h1[^>]*>([^<]+)<\/h1>/.exec(arabic)?.[1];
    expect(arabicTitle).toMatch(/[\u0600-\u06FF]/);
    expect(arabicTitle).not.toBe(englishTitle);
  });

  it('prerenders only the eager pages of the shell with fixed paths', async () => {
    const root = async (pathname: string) =>
      /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(
        await renderPage({ indexFile, pageUrl: `http://site.example${pathname}`, pathname, locale: 'en', manifest: { remotes: [] } }),
      )?.[1] ?? '';
    expect(await root('/about')).toContain('<main id="main"');
    for (const pathname of ['/login', '/contact', '/team/3', '/conferences/1', '/profile', '/no-such-page']) {
      expect(await root(pathname), pathname).toBe('');
    }
  });

  describe('remote pages rendered on the server', () => {
    // A remote with a server render (the contract of shared-contracts server-render.ts), and an API
    // answering it; the conferences remote's real one is exercised end to end (remote-prerender.spec.ts).
    const RENDER_MODULE = `
      import { createElement } from 'react';
      import { preloadedData } from '@scholars/shared-contracts';
      function ConferenceDetails() {
        const conference = preloadedData('conference/12');
        if (!conference) return createElement('article', { 'data-testid': 'fixture' }, createElement('h1', null, 'No such conference'));
        return createElement('article', { 'data-testid': 'fixture' }, createElement('h1', null, conference.title), createElement('button', { type: 'button' }, 'Register'));
      }
      export const serverModule = {
        exposes: { pages: { ConferenceDetails } },
        async loadData(expose, name, { params, search, api }) {
          // A page rendered in the browser only, whose status the module gives (as a consultant's page).
          if (name === 'ConferenceList' && params.id === '404') return { data: {}, statusOnly: true, status: 404, title: 'No such category' };
          if (name === 'ConferenceList' && params.id === '200') return { data: {}, statusOnly: true };
          if (name !== 'ConferenceDetails') return null;
          const conference = await api.get('conference/' + params.id);
          return { data: { ['conference/' + params.id]: conference, tab: search.get('tab') }, status: conference === null ? 404 : 200, title: conference?.title };
        },
      };
    `;
    let withRender: FastifyInstance;
    let api: FastifyInstance;
    let renderOrigin = '';
    let apiUrl = '';
    let apiCalls: string[] = [];

    beforeAll(async () => {
      withRender = Fastify();
      withRender.get('/mf-manifest.json', async () => ({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
        exposes: [{ path: './pages', assets: { js: { sync: ['assets/pages-1.js'] }, css: { sync: ['assets/pages-1.css'] } } }],
      }));
      withRender.get('/server/render.mjs', async (_request, reply) => reply.type('text/javascript').send(RENDER_MODULE));
      await withRender.listen({ port: 0, host: '127.0.0.1' });
      renderOrigin = `http://127.0.0.1:${(withRender.server.address() as { port: number }).port}`;
      api = Fastify();
      api.get('/api/conference/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        apiCalls.push(`${id} ${String(request.headers['accept-language'])}`);
        if (id === '500') return reply.code(500).send({ status: false });
        if (id === '404') return reply.code(404).send({ status: false });
        return { title: 'Closing </script><script>alert(1)</script> \u2028 tags' };
      });
      await api.listen({ port: 0, host: '127.0.0.1' });
      apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
    });

    afterAll(async () => {
      await withRender?.close();
      await api?.close();
    });

    const render = (pathname: string, search: string, entry: string) =>
      renderPage({ indexFile, pageUrl: `http://site.example${pathname}`, pathname, search, locale: 'ar', manifest: { remotes: [{ name: 'conferences', entry }] }, apiUrl });

    it("renders the remote's page with the API's data, carries the data to the browser and links its styles", async () => {
      apiCalls = [];
      const html = await render('/conference/12', '?tab=agenda', `${renderOrigin}/mf-manifest.json`);
      expect(apiCalls).toEqual(['12 ar']);
      const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
      // Inside the shell's layout, in the remote's area; the text escaped as HTML, controls inert until hydrated.
      expect(root).toContain('<main id="main"');
      expect(root).toContain('<div data-remote="conferences"><article data-testid="fixture"><h1>Closing &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(root).toContain('<button inert="" type="button">Register</button>');
      const data = /<script type="application\/json" id="scholars-preloaded-data">([^<]*)<\/script>/.exec(html)?.[1];
      expect(data).toBeDefined();
      expect(data).not.toContain('\u2028');
      expect(JSON.parse(data ?? '')).toEqual({
        area: 'conferences/pages/ConferenceDetails',
        data: { 'conference/12': { title: 'Closing </script><script>alert(1)</script> \u2028 tags' }, tab: 'agenda' },
      });
      expect(html).toContain(`<link rel="stylesheet" href="${renderOrigin}/assets/pages-1.css">`);
      // The remote's code is announced after the first paint, with the shell's start chunks.
      expect(html).not.toContain('rel="modulepreload"');
      const chunks = /<meta name="scholars-start-chunks" content="([^"]*)">/.exec(html)?.[1] ?? '';
      expect(chunks.split(' ')).toEqual(expect.arrayContaining([`${renderOrigin}/remoteEntry.js`, `${renderOrigin}/assets/pages-1.js`]));
    });

    it("titles the served page with the remote page's own name, then the site's name in the page's language", async () => {
      const titled = path.join(dir, 'index-titled.html');
      writeFileSync(titled, '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Scholars Hub</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>');
      const html = await renderPage({ indexFile: titled, pageUrl: 'http://site.example/conference/12', pathname: '/conference/12', locale: 'ar', manifest: { remotes: [{ name: 'conferences', entry: `${renderOrigin}/mf-manifest.json` }] }, apiUrl });
      expect(/<title>([^]*?)<\/title>/.exec(html)?.[1]).toBe('Closing &lt;/script>&lt;script>alert(1)&lt;/script> \u2028 tags · ملتقى الباحثين');
      const about = await renderPage({ indexFile: titled, pageUrl: 'http://site.example/about', pathname: '/about', locale: 'ar', manifest: { remotes: [] } });
      expect(/<title>([^]*?)<\/title>/.exec(about)?.[1]).toBe('من نحن · ملتقى الباحثين');
      const login = await renderPage({ indexFile: titled, pageUrl: 'http://site.example/login', pathname: '/login', locale: 'en', manifest: { remotes: [] } });
      expect(/<title>([^]*?)<\/title>/.exec(login)?.[1]).toBe('Log in · Scholars Hub');
    });

    it("answers 404 when the remote's page says what it shows does not exist", async () => {
      const page = await renderDocument({
        indexFile,
        pageUrl: 'http://site.example/conference/404',
        pathname: '/conference/404',
        locale: 'en',
        manifest: { remotes: [{ name: 'conferences', entry: `${renderOrigin}/mf-manifest.json` }] },
        apiUrl,
      });
      expect(page.status).toBe(404);
      expect(page.html).toContain('<h1>No such conference</h1>');
      const found = await renderDocument({
        indexFile,
        pageUrl: 'http://site.example/conference/12',
        pathname: '/conference/12',
        locale: 'en',
        manifest: { remotes: [{ name: 'conferences', entry: `${renderOrigin}/mf-manifest.json` }] },
        apiUrl,
      });
      expect(found.status).toBe(200);
    });

    it('answers the status and title of a page the remote leaves to the browser (statusOnly), rendering nothing of it', async () => {
      const titled = path.join(dir, 'index-titled.html');
      writeFileSync(titled, '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Scholars Hub</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>');
      const document = (id: string) =>
        renderDocument({
          indexFile: titled,
          pageUrl: `http://site.example/conferences/${id}`,
          pathname: `/conferences/${id}`,
          locale: 'en',
          manifest: { remotes: [{ name: 'conferences', entry: `${renderOrigin}/mf-manifest.json` }] },
          apiUrl,
        });
      const missing = await document('404');
      expect(missing.status).toBe(404);
      expect(missing.html).toContain('<div id="root"></div>');
      expect(missing.html).not.toContain('scholars-preloaded-data');
      expect(/<title>([^]*?)<\/title>/.exec(missing.html)?.[1]).toBe('No such category · Scholars Hub');
      // Its code is preloaded as for any page the browser renders.
      expect(missing.html).toContain(`<link rel="modulepreload" crossorigin href="${renderOrigin}/remoteEntry.js">`);
      const present = await document('200');
      expect(present.status).toBe(200);
      expect(present.html).toContain('<div id="root"></div>');
    });

    it("finds the server render under the manifest's publicPath, and asks for it again only conditionally", async () => {
      // A remote whose files are on another path than its manifest (publicPath), serving its module
      // with a validator, as @fastify/static does.
      const cdn = Fastify();
      const asked: Array<string | undefined> = [];
      cdn.get('/manifests/mf-manifest.json', async () => ({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: '/files/v2/' },
        exposes: [{ path: './pages', assets: { js: { sync: ['assets/pages-1.js'] }, css: { sync: [] } } }],
      }));
      cdn.get('/files/v2/server/render.mjs', async (request, reply) => {
        const condition = request.headers['if-none-match'];
        asked.push(condition);
        if (condition === '"v2"') return reply.code(304).send();
        return reply.type('text/javascript').header('etag', '"v2"').send(RENDER_MODULE);
      });
      await cdn.listen({ port: 0, host: '127.0.0.1' });
      const cdnOrigin = `http://127.0.0.1:${(cdn.server.address() as { port: number }).port}`;
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const rendered = (html: string) => html.includes('<article data-testid="fixture"><h1>Closing');
        const entry = `${cdnOrigin}/manifests/mf-manifest.json`;
        const first = await render('/conference/12', '', entry);
        expect(rendered(first)).toBe(true);
        expect(first).toContain(`${cdnOrigin}/files/v2/assets/pages-1.js`);
        expect(rendered(await render('/conference/12', '', entry))).toBe(true);
        // Within 30 s the module is not asked for again; after, with If-None-Match, and a 304 keeps it.
        expect(asked).toEqual([undefined]);
        vi.setSystemTime(Date.now() + 31_000);
        expect(rendered(await render('/conference/12', '', entry))).toBe(true);
        expect(asked).toEqual([undefined, '"v2"']);
      } finally {
        vi.useRealTimers();
        await cdn.close();
      }
    });

    it('leaves the page to the browser when the remote has no server render, the API fails, or the route is guarded', async () => {
      const empty = (html: string) => html.includes('<div id="root"></div>') && !html.includes('scholars-preloaded-data') && !html.includes('rel="stylesheet"');
      // The first remote (above, origin) deploys no server/render.mjs.
      const without = await render('/conference/12', '', `${origin}/mf-manifest.json`);
      expect(empty(without)).toBe(true);
      expect(without).toContain(`<link rel="modulepreload" crossorigin href="${origin}/assets/pages-1.js">`);
      expect(empty(await render('/conference/500', '', `${renderOrigin}/mf-manifest.json`))).toBe(true);
      // Its status: the data could not be read now (503, a crawler comes back); no server render is no failure (200).
      const failing = { indexFile, pageUrl: 'http://site.example/conference/500', locale: 'ar' as const, apiUrl };
      expect((await renderDocument({ ...failing, pathname: '/conference/500', manifest: { remotes: [{ name: 'conferences', entry: `${renderOrigin}/mf-manifest.json` }] } })).status).toBe(503);
      expect((await renderDocument({ ...failing, pathname: '/conference/12', manifest: { remotes: [{ name: 'conferences', entry: `${origin}/mf-manifest.json` }] } })).status).toBe(200);
      expect(empty(await render('/conferences/1', '', `${renderOrigin}/mf-manifest.json`))).toBe(true);
      apiCalls = [];
      expect(empty(await render('/request-conference', '', `${renderOrigin}/mf-manifest.json`))).toBe(true);
      expect(apiCalls).toEqual([]);
    });
  });
  describe("the shell's public data, made with the page", () => {
    let api: FastifyInstance;
    let apiUrl = '';
    const calls: string[] = [];
    const forwarded: Array<string | undefined> = [];
    const settings = {
      social_links: { facebook: 'https://facebook.example/hub', twitter: null, linkedin: null, instagram: null, youtube: null },
      contact: { email: 'hello@hub.example', phone: '+971 4 000 0000', address: 'دبي', address_en: 'Dubai' },
      made_by: { name: 'فريق الهندسة', name_en: 'The engineering team', url: 'https://makers.example/team' },
    };
    const categories = [{ id: 7, name: 'الطب', name_en: 'Medicine' }];
    let teamFails = false;
    const faq = [{ id: 1, question: 'هل المنصة مجانية؟', question_en: 'Is the platform free?', answer: 'التصفح مجاني.', answer_en: 'Browsing is free.' }];
    const about = {
      lead: 'مقدمة', lead_en: 'A lead', founder_message: 'كلمة', founder_message_en: 'A message', founder_name: 'المؤسِّسة', founder_name_en: 'The founder',
      mission: 'رسالة', mission_en: 'Our mission as edited', vision: 'رؤية', vision_en: 'A vision', objectives: [{ text: 'هدف', text_en: 'An objective' }], updated_at: '2026-11-20T08:00:00.000Z',
    };

    beforeAll(async () => {
      api = Fastify();
      api.addHook('onRequest', async (request) => {
        calls.push(`${request.method} ${request.url} ${String(request.headers['accept-language'])}`);
        forwarded.push(request.headers['x-forwarded-for'] as string | undefined);
      });
      api.get('/api/site-settings', async () => ({ status: true, data: settings }));
      api.get('/api/conference-categories', async () => ({ status: true, data: categories }));
      api.get('/api/team', async (_request, reply) => (teamFails ? reply.code(500).send({ status: false }) : { status: true, data: [] }));
      api.get('/api/team/:id', async (request, reply) =>
        (request.params as { id: string }).id === '3' ? { status: true, data: { id: 3 } } : reply.code(404).send({ status: false, msg: 'Not found', err: 404 }),
      );
      api.post('/api/ads/websitePaginate', async (request) => ({ status: true, data: [], tot: 0, body: request.body }));
      api.get('/api/faq', async () => ({ status: true, data: faq }));
      api.get('/api/pages/about', async () => ({ status: true, data: about }));
      await api.listen({ port: 0, host: '127.0.0.1' });
      apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
    });

    afterAll(async () => {
      await api?.close();
    });

    const preloaded = (html: string) => {
      const json = /<script type="application\/json" id="scholars-preloaded-data">([^<]*)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as { area?: string; data: Record<string, unknown> });
    };

    it('renders the home page with the header, footer, team, FAQ and ads answers, and carries them to the browser', async () => {
      calls.length = 0;
      teamFails = false;
      forwarded.length = 0;
      const html = await renderPage({ indexFile, pageUrl: 'http://site.example/', pathname: '/', locale: 'ar', manifest: { remotes: [] }, apiUrl, forwardedFor: '203.0.113.7' });
      expect(calls.sort()).toEqual(['GET /api/conference-categories ar', 'GET /api/faq ar', 'GET /api/site-settings ar', 'GET /api/team ar', 'POST /api/ads/websitePaginate ar']);
      // On the visitor's behalf: the API's per-client limit counts the visitor, not the shell server.
      expect(forwarded).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7', '203.0.113.7', '203.0.113.7']);
      expect(preloaded(html)).toEqual({
        data: {
          'shell:site-settings:null': settings,
          'shell:conference-categories:null': categories,
          'shell:team:null': [],
          'shell:faq:null': faq,
          'shell:ads/websitePaginate:{"limit":5,"page":1,"col":"title","search":""}': [],
        },
      });
      const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
      // The header's categories (Arabic names) and the footer's links are in the first paint.
      expect(root).toContain('>الطب</a>');
      expect(root).toContain('href="https://facebook.example/hub"');
      // The made-by credit: the settings' name in the page's language, linked to the settings' address.
      expect(root).toContain('href="https://makers.example/team" target="_blank" rel="noopener noreferrer" class="underline hover:text-white">فريق الهندسة</a>');
      // The team's section is there (its empty state), not left for the browser to fill.
      expect(root).toContain('data-testid="home-team"');
      // The FAQ as published, in the page's language.
      expect(root).toContain('هل المنصة مجانية؟');
      expect(root).not.toContain('Is the platform free?');
    });

    it('asks only for what the page shows, and leaves a failed read to the browser', async () => {
      calls.length = 0;
      const aboutPage = await renderPage({ indexFile, pageUrl: 'http://site.example/about', pathname: '/about', locale: 'en', manifest: { remotes: [] }, apiUrl });
      expect(calls.sort()).toEqual(['GET /api/conference-categories en', 'GET /api/pages/about en', 'GET /api/site-settings en']);
      expect(Object.keys(preloaded(aboutPage)?.data ?? {})).toEqual(['shell:site-settings:null', 'shell:conference-categories:null', 'shell:pages/about:null']);
      expect(aboutPage).toContain('>Medicine</a>');
      // The about page's texts as edited in the console, in the first paint.
      expect(aboutPage).toContain('Our mission as edited');

      // A page the server does not render asks for nothing.
      calls.length = 0;
      await renderPage({ indexFile, pageUrl: 'http://site.example/login', pathname: '/login', locale: 'en', manifest: { remotes: [] }, apiUrl });
      await renderPage({ indexFile, pageUrl: 'http://site.example/profile', pathname: '/profile', locale: 'en', manifest: { remotes: [] }, apiUrl });
      expect(calls).toEqual([]);

      // A team member's page: 404 for one the API does not have (the page says so in the browser).
      const team = (pathname: string) => renderDocument({ indexFile, pageUrl: `http://site.example${pathname}`, pathname, locale: 'en', manifest: { remotes: [] }, apiUrl });
      expect((await team('/team/3')).status).toBe(200);
      expect((await team('/team/9999')).status).toBe(404);
      expect((await team('/team/not-a-number')).status).toBe(404);

      teamFails = true;
      const home = await renderPage({ indexFile, pageUrl: 'http://site.example/', pathname: '/', locale: 'en', manifest: { remotes: [] }, apiUrl });
      expect(Object.keys(preloaded(home)?.data ?? {})).not.toContain('shell:team:null');
      expect(home).not.toContain('data-testid="home-team"');
    });
  });
});

