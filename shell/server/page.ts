/**
 * The HTML of a page, per request: the built index.html with
 *  - the language of `?lang=` (`en`, `ar`) on `<html lang dir>` and in the description, so a crawler
 *    and the first paint get the right language and direction before any script runs;
 *  - hreflang alternates of the page in both languages (and x-default);
 *  - preloads of the current route's remote code: each needed remote's mf-manifest.json, its
 *    remoteEntry.js and the exposed module's static chunks, requested with the document
 *    instead of after the shell has started (issue 6: each remote adds at most one round trip);
 *  - the remote manifest of this request (as /remotes.json answers it), so the shell registers its
 *    remotes without one more round trip before it starts;
 *  - the theme the visitor's device last applied (`class="dark"`) and, for the shell's eager pages
 *    (home, about), their first screen prerendered into `#root` (src/app/prerender.tsx), so the
 *    text paints before any script arrives. Language and theme come from the page cookies the
 *    shell mirrors from localStorage (src/lib/page-cookies.ts); `?lang=` wins over the cookie.
 * Remote manifests are read from the remotes themselves and cached briefly; a remote that does not
 * answer simply gets no preload (its area falls back as before).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { matchRoute } from '@scholars/shared-contracts/routes';
import { routeId } from '@scholars/shared-contracts/constants';
import { PRELOADED_DATA_ELEMENT_ID, envelopeData, type PreloadedPage, type ServerApi } from '@scholars/shared-contracts';
import { federationManifest, remoteFilesBase, type RemoteManifest } from './remote-manifest';
import { DATA_UNAVAILABLE, remotePageRender, serverApi, type RemotePageRender } from './remote-render';
import type { RemotePage } from '../src/app/prerender';
import { PAGE_COOKIES, readCookie } from '../src/lib/page-cookies';
import { REMOTES_META, START_CHUNKS_META } from '../src/lib/page-meta';
import { publicDataKey, publicReadsFor } from '../src/lib/public-data';
import { PRERENDERED_PAGES } from '../src/app/prerendered-pages';
import { pageDocumentTitle } from '../src/lib/page-title';
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from '@scholars/shared-contracts/locale';

const DESCRIPTION: Record<Locale, string> = {
  en: 'Scholars Hub: academic conferences, research exchange, research community and e-book library for researchers in the UAE.',
  ar: 'ملتقى الباحثين: مؤتمرات أكاديمية وتبادل للأبحاث ومجتمع بحثي ومكتبة كتب إلكترونية للباحثين في الإمارات.',
};

const asLocale = (value: unknown): Locale | null => (isLocale(value) ? value : null);

/** `?lang=ar` / `?lang=en` (the shell's language code honours the same parameter), else null. */
export function localeFromQuery(query: unknown): Locale | null {
  return asLocale((query as { lang?: unknown } | undefined)?.lang);
}

/** The language and theme to render a page in: `?lang=`, else the page cookies; null when unknown. */
export function pagePreferences(query: unknown, cookieHeader: string | undefined): { locale: Locale | null; theme: 'light' | 'dark' | null } {
  const theme = readCookie(cookieHeader, PAGE_COOKIES.theme);
  return {
    locale: localeFromQuery(query) ?? asLocale(readCookie(cookieHeader, PAGE_COOKIES.language)),
    theme: theme === 'dark' || theme === 'light' ? theme : null,
  };
}

type Prerender = (url: string, locale: Locale, remote?: RemotePage, shellData?: Record<string, unknown>) => string | null;
let prerenderModule: Promise<Prerender> | undefined;
const prerendered = new Map<string, string | null>();
/** Renders kept (route, language and data): the data changes now and then, so old ones are dropped. */
const PRERENDERED_KEPT = 64;
const loadPrerender = () => (prerenderModule ??= import('../src/app/prerender').then((module) => module.prerender));
const prerenderEnabled = () => process.env.SHELL_PRERENDER !== '0';

/**
 * The prerendered `#root` of a path, rendered once per route, language and public data (the
 * shell's pages change with nothing else). Loaded on first use: React's server renderer stays out
 * of a server that never renders such a page. Null for every other page, and when
 * SHELL_PRERENDER=0 (benchmarks compare both).
 */
export async function prerenderedRoot(pathname: string, locale: Locale, shellData: Record<string, unknown> = {}): Promise<string | null> {
  if (!prerenderEnabled()) return null;
  const route = matchRoute(pathname);
  // Prerendered pages have fixed paths: the route's pattern is the key, so the cache stays bounded.
  if (route.owner.app !== 'shell' || route.pattern.includes(':') || route.pattern === '*') return null;
  const key = `${route.pattern} ${locale} ${createHash('sha256').update(JSON.stringify(shellData)).digest('base64url')}`;
  if (!prerendered.has(key)) {
    const root = (await loadPrerender())(route.pattern, locale, undefined, shellData);
    if (prerendered.size >= PRERENDERED_KEPT) prerendered.delete(prerendered.keys().next().value!);
    prerendered.set(key, root);
  }
  return prerendered.get(key) ?? null;
}

/**
 * The answers of the shell's public reads a page opens with (lib/public-data.ts), keyed as the
 * page's components read them. A read that fails or answers no success envelope is left out: the
 * browser then asks the API for it, as it did before the page carried them.
 */
export async function shellPublicData(routePattern: string, api: ServerApi): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    publicReadsFor(routePattern).map(async (read) => {
      try {
        const body = read.body === undefined ? await api.get(read.path) : await api.post(read.path, read.body);
        return [publicDataKey(read), envelopeData(body)] as const;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}

/**
 * Which remote modules a path renders at start (public routes only: guarded ones redirect a
 * visitor). The home page's widgets are below the first screen and fetched as the reader approaches
 * them (RemoteArea `belowTheFold`): nothing of theirs is preloaded (a preload unused for seconds is
 * a wasted fetch and a console warning).
 */
export function remoteModulesFor(pathname: string): Array<{ remote: string; expose: string }> {
  const route = matchRoute(pathname);
  if (route.guard !== 'public' || route.owner.app === 'shell') return [];
  return [{ remote: route.owner.app, expose: 'pages' }];
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface RemoteAssets {
  /** Links for the head: the remote manifests (fetched by the runtime before any code). */
  links: string[];
  /** The remote code the page runs at start (remoteEntry.js, the exposed module's static chunks). */
  modules: string[];
  /** The exposed module's stylesheets (linked in the head when the page is rendered on the server). */
  styles: string[];
}

/** The remote code and styles a path starts with, from the remotes' own manifests. */
export async function remoteAssets(pathname: string, manifest: RemoteManifest): Promise<RemoteAssets> {
  const wanted = remoteModulesFor(pathname);
  const found: RemoteAssets = { links: [], modules: [], styles: [] };
  await Promise.all(
    wanted.map(async ({ remote, expose }) => {
      const entry = manifest.remotes.find((candidate) => candidate.name === remote)?.entry;
      if (!entry) return;
      if (!entry.endsWith('.json')) {
        found.modules.push(entry);
        return;
      }
      const meta = await federationManifest(entry);
      if (!meta) return;
      const base = remoteFilesBase(entry, meta);
      const remoteEntry = meta.metaData?.remoteEntry;
      found.links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttr(entry)}">`);
      if (remoteEntry?.name) found.modules.push(new URL(`${remoteEntry.path ?? ''}${remoteEntry.name}`, base).href);
      const assets = meta.exposes?.find((candidate) => candidate.path === `./${expose}` || candidate.path === expose)?.assets;
      for (const file of assets?.js?.sync ?? []) found.modules.push(new URL(file, base).href);
      for (const file of assets?.css?.sync ?? []) found.styles.push(new URL(file, base).href);
    }),
  );
  return found;
}

let template: { file: string; mtimeMs: number; html: string } | undefined;

async function readTemplate(file: string): Promise<string> {
  const { mtimeMs } = await stat(file);
  if (template?.file !== file || template.mtimeMs !== mtimeMs) template = { file, mtimeMs, html: await readFile(file, 'utf8') };
  return template.html;
}

export interface RenderOptions {
  indexFile: string;
  /** The page's absolute URL without the query (origin + path), for hreflang alternates. */
  pageUrl: string;
  pathname: string;
  /** The query (`?tab=agenda`), which a server-rendered remote page renders with. */
  search?: string;
  locale: Locale | null;
  /** The theme last applied on the visitor's device (page cookie), null when unknown (light). */
  theme?: 'light' | 'dark' | null;
  manifest: RemoteManifest;
  /** The API's origin, for the data of server-rendered remote pages (none: remote pages render in the browser). */
  apiUrl?: string;
  /** The visitor's X-Forwarded-For chain, sent with the server's API calls made for them. */
  forwardedFor?: string;
}

/** JSON inside a <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The page's HTML (see renderDocument). */
export async function renderPage(options: RenderOptions): Promise<string> {
  return (await renderDocument(options)).html;
}

/**
 * The page's HTML and HTTP status: 404 for a path that is no route of the site, and for a remote
 * page rendered on the server that says what it shows does not exist; 503 for a remote page whose
 * data the server could not read (the browser still renders it); else 200.
 */
export async function renderDocument({ indexFile, pageUrl, pathname, search = '', locale, theme = null, manifest, apiUrl, forwardedFor }: RenderOptions): Promise<{ html: string; status: number }> {
  let html = await readTemplate(indexFile);
  const lang = locale ?? DEFAULT_LOCALE;
  html = html.replace(/<html[^>]*>/, `<html lang="${lang}" dir="${directionOf(lang)}"${theme === 'dark' ? ' class="dark"' : ''}>`);
  html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeAttr(DESCRIPTION[lang])}" />`);
  const alternates = [
    `<link rel="alternate" hreflang="en" href="${escapeAttr(pageUrl)}">`,
    `<link rel="alternate" hreflang="ar" href="${escapeAttr(`${pageUrl}?lang=ar`)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(pageUrl)}">`,
  ];
  const noAssets: RemoteAssets = { links: [], modules: [], styles: [] };
  const route = matchRoute(pathname);
  const api = apiUrl && prerenderEnabled() ? serverApi(apiUrl, lang, forwardedFor) : null;
  // Only a page the server may render needs the shell's data: a prerendered shell page, or a public
  // remote page (rendered when its remote deploys a server render).
  const rendered = route.guard === 'public' && (route.owner.app !== 'shell' || PRERENDERED_PAGES.has(route.owner.page));
  const [assets, shellData, rendering, shellItem] = await Promise.all([
    process.env.SHELL_REMOTE_PRELOADS === '0' ? noAssets : remoteAssets(pathname, manifest).catch(() => noAssets),
    api && rendered ? shellPublicData(route.pattern, api) : {},
    api ? remotePageRender(pathname, new URLSearchParams(search), manifest, api, lang) : null,
    api ? shellItemStatus(route, api) : 200,
  ]);
  const remotePage = rendering === DATA_UNAVAILABLE || rendering?.statusOnly ? null : rendering;
  // A remote page rendered in the browser only, whose status and title the remote's server module gave.
  const browserPage = rendering !== DATA_UNAVAILABLE && rendering?.statusOnly ? rendering : null;
  const shellRoot = await prerenderedRoot(pathname, lang, shellData);
  const root = shellRoot ?? (remotePage ? await renderRemotePage(`${pathname}${search}`, lang, remotePage, shellData) : null);
  const head = [...alternates, ...assets.links];
  // The remote manifest of this request, in the page: the shell starts without fetching it.
  head.push(`<meta name="${REMOTES_META}" content="${escapeAttr(JSON.stringify({ remotes: manifest.remotes }))}">`);
  if (root !== null) {
    // The page paints from its HTML and stylesheets alone: the start chunks (and the remote code of
    // a server-rendered remote page) are announced by the entry once it has (vite.config.ts,
    // paintBeforeStart), not fetched alongside the stylesheets and the page's images.
    const chunks: string[] = [];
    html = html.replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_link, href: string) => {
      chunks.push(href);
      return '';
    });
    chunks.push(...assets.modules);
    head.push(`<meta name="${START_CHUNKS_META}" content="${escapeAttr(chunks.join(' '))}">`);
    if (remotePage) {
      // The remote's styles paint its markup; the federation runtime finds these links and reuses them.
      for (const href of assets.styles) head.push(`<link rel="stylesheet" href="${escapeAttr(href)}">`);
    }
    // What the page was rendered with, for the browser's first render: the shell's public data and,
    // on a remote page rendered here, its area and data.
    const remoteRendered = remotePage !== null && shellRoot === null;
    const preloaded: PreloadedPage | null = remoteRendered
      ? { area: remotePage.area, data: { ...shellData, ...remotePage.data } }
      : Object.keys(shellData).length > 0 ? { data: shellData } : null;
    const data = preloaded ? `<script type="application/json" id="${PRELOADED_DATA_ELEMENT_ID}">${scriptJson(preloaded)}</script>` : '';
    html = html.replace('<div id="root"></div>', () => `<div id="root">${root}</div>${data}`);
  } else {
    for (const href of assets.modules) head.push(`<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`);
  }
  // The page's title in its language: the served remote page's own name, else the route's default.
  const title = pageDocumentTitle(route.name, lang, root !== null && remotePage && shellRoot === null ? remotePage.title : browserPage?.title);
  html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  // A page whose data could not be read is served for the browser to render (it says so, with a
  // retry), as 503: a crawler comes back later instead of indexing an empty page.
  const status =
    route.pattern === '*'
      ? 404
      : root !== null && remotePage && shellRoot === null
        ? remotePage.status
        : rendering === DATA_UNAVAILABLE && shellRoot === null
          ? 503
          : browserPage
            ? browserPage.status
            : shellItem;
  return { html: html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`), status };
}

/**
 * The status of a shell page that shows one item of the API (a team member, /team/{id}): 404 when
 * the API has none, as the page then says (it renders in the browser); 503 when it could not be
 * read; 200 for every other page.
 */
async function shellItemStatus(route: ReturnType<typeof matchRoute>, api: ServerApi): Promise<number> {
  if (route.name !== 'team') return 200;
  // An id that is no number names no member, as in the browser (the API would refuse it with 400).
  const id = routeId(route.params.id ?? '');
  if (id === null) return 404;
  try {
    return (await api.get(`team/${id}`)) === null ? 404 : 200;
  } catch {
    return 503;
  }
}

/** A remote page's `#root`, rendered per request (its data is the request's). */
async function renderRemotePage(url: string, locale: Locale, page: RemotePageRender, shellData: Record<string, unknown>): Promise<string | null> {
  try {
    return (await loadPrerender())(url, locale, { area: page.area, exposed: page.exposed, data: page.data }, shellData);
  } catch (error) {
    // A remote page that throws on the server is rendered in the browser, where its area isolates it.
    console.error(`Server render of ${url} failed`, error);
    return null;
  }
}
