/**
 * Remote pages rendered on the server (issue 6): the first screen of a remote's page (a conference,
 * a list of conferences) arrives in the document, its image and text painted before any script, as
 * the shell's own pages are (src/app/prerender.tsx).
 *
 * A remote that supports it deploys `server/render.mjs` beside its remoteEntry.js (shared-contracts
 * RemoteServerModule). This server fetches it from the remote's origin (the runtime manifest says
 * where, as it does for the browser), keeps it for a while, and imports it from a file under the
 * shell, so its imports of React, the router, i18next and shared-contracts resolve to this server's
 * single copies. The module is trusted as much as the code the same remote sends to every browser.
 * A remote without one, or one that does not answer in time, is rendered in the browser as before.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { matchRoute } from '@scholars/shared-contracts/routes';
import type { RemoteServerModule, ServerApi } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { federationManifest, remoteFilesBase, type RemoteManifest } from './remote-manifest';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Under the shell, so that the modules' bare imports resolve to the shell's packages. */
const CACHE_DIR = path.resolve(here, '../.cache/remote-render');
const MODULE_TTL_MS = 30_000;
/** A page is rendered on the server only if the remote and the API answer within this. */
const FETCH_TIMEOUT_MS = 1500;

interface FetchedModule {
  /** The module's validator (its ETag), to ask again with If-None-Match when it is due. */
  etag: string | null;
  module: RemoteServerModule | null;
}

const modules = new Map<string, { at: number; value: Promise<FetchedModule | null> }>();
const imported = new Map<string, Promise<RemoteServerModule | null>>();

/** Fetches `url` (again: `known` is what came last time, kept when the remote answers 304). */
async function fetchModule(url: string, known: FetchedModule | null): Promise<FetchedModule | null> {
  const headers: Record<string, string> = known?.etag ? { 'if-none-match': known.etag } : {};
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  // Unchanged since last time: nothing to download or import.
  if (response.status === 304 && known) return known;
  // 404: this remote renders in the browser only.
  if (!response.ok) return null;
  const source = await response.text();
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  // Same source, same file, one import: a redeployed remote gets a new file (and module) once.
  let pending = imported.get(hash);
  if (!pending) {
    pending = (async () => {
      await mkdir(CACHE_DIR, { recursive: true });
      const file = path.join(CACHE_DIR, `${hash}.mjs`);
      await writeFile(file, source);
      const module = (await import(pathToFileURL(file).href)) as { serverModule?: RemoteServerModule };
      return module.serverModule ?? null;
    })();
    imported.set(hash, pending);
    pending.catch(() => imported.delete(hash));
  }
  return { etag: response.headers.get('etag'), module: await pending };
}

/**
 * The server module of the remote whose runtime manifest entry is `entry`, or null (none, or
 * unreachable). It is asked for again every 30 s, conditionally (If-None-Match).
 */
export async function remoteServerModule(entry: string): Promise<RemoteServerModule | null> {
  const base = remoteFilesBase(entry, entry.endsWith('.json') ? await federationManifest(entry) : null);
  const url = new URL('server/render.mjs', base).href;
  const cached = modules.get(url);
  if (cached && Date.now() - cached.at < MODULE_TTL_MS) return (await cached.value)?.module ?? null;
  const previous = cached ? cached.value.catch(() => null) : Promise.resolve(null);
  const value = previous
    .then((known) => fetchModule(url, known))
    .catch((error: unknown) => {
      console.error(`Could not load the server render of ${url}`, error);
      return null;
    });
  modules.set(url, { at: Date.now(), value });
  return (await value)?.module ?? null;
}

/** The API as the browser calls it (`/api/<path>`), anonymously: the server renders what a visitor sees. */
/**
 * The API as the page's server render calls it, on behalf of the visitor: their language and, as
 * the `/api` proxy does, their address in X-Forwarded-For (`forwardedFor`), so the API's per-client
 * rate limit counts the visitor's pages, not every visitor's pages against the shell server's one
 * address (the API trusts loopback proxies: TRUST_PROXY).
 */
export function serverApi(apiUrl: string, locale: string, forwardedFor?: string): ServerApi {
  const call = async (method: 'GET' | 'POST', apiPath: string, body?: unknown) => {
    const response = await fetch(new URL(`/api/${apiPath}`, apiUrl), {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 404 || !response.ok) {
      // An unread body holds its connection (and a dispatcher's close) until it is collected.
      await response.body?.cancel();
      if (response.status === 404) return null;
      throw new Error(`${method} ${apiPath}: ${response.status}`);
    }
    return response.json() as Promise<unknown>;
  };
  return { get: (apiPath) => call('GET', apiPath), post: (apiPath, body) => call('POST', apiPath, body) };
}

export interface RemotePageRender {
  /** `remote/expose/name`, as RemoteArea names the area. */
  area: string;
  remote: string;
  exposed: RemoteServerModule['exposes'][string];
  data: Record<string, unknown>;
  /** The document's HTTP status (404: the page says what it shows does not exist). */
  status: number;
  /** The page's own name for `<title>` (ServerPageData.title), if it gave one. */
  title?: string;
  /** Rendered in the browser only: the server answers its status and title (ServerPageData.statusOnly). */
  statusOnly: boolean;
}

/** The page's data could not be read (the API down, failing or slow): the browser renders it. */
export const DATA_UNAVAILABLE = 'data-unavailable';

/**
 * What the server needs to render the remote page at `pathname`: the exposed components and their
 * data; null when the page is the shell's, guarded (a visitor is redirected), or its remote cannot
 * render it on the server right now; {@link DATA_UNAVAILABLE} when its data could not be read.
 */
export async function remotePageRender(
  pathname: string,
  search: URLSearchParams,
  manifest: RemoteManifest,
  api: ServerApi,
  locale: Locale,
): Promise<RemotePageRender | typeof DATA_UNAVAILABLE | null> {
  const route = matchRoute(pathname);
  // Remote pages only (the console's screens are behind sign-in and never server-rendered).
  if (route.guard !== 'public' || route.owner.app === 'shell' || !('page' in route.owner) || route.pattern === '*') return null;
  const { app: remote, page: name } = route.owner;
  const entry = manifest.remotes.find((candidate) => candidate.name === remote)?.entry;
  if (!entry) return null;
  const module = await remoteServerModule(entry);
  const exposed = module?.exposes.pages;
  if (!module || !exposed) return null;
  try {
    const page = await module.loadData('pages', name, { params: route.params, search, api, locale });
    // A page the module cannot render is only served its status when it asks for that.
    if (page === null || (!page.statusOnly && !exposed[name])) return null;
    return { area: `${remote}/pages/${name}`, remote, exposed, data: page.data, status: page.status ?? 200, title: page.title, statusOnly: page.statusOnly === true };
  } catch (error) {
    // The API is slow or down: the browser renders the page (and shows its own loading or error).
    console.error(`Server render of ${pathname} skipped`, error);
    return DATA_UNAVAILABLE;
  }
}
