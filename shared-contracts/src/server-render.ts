/**
 * Server rendering of remote pages (issue 6): what crosses the boundary between the shell's server,
 * which renders a page's first screen, and a remote, which owns what renders inside its routes.
 *
 * A remote that can be rendered on the server builds `server/render.mjs` beside its remoteEntry.js
 * (a module of type RemoteServerModule, React and this package left as imports, so that it runs
 * with the shell server's single copies). The shell's server loads it, asks it for the data of the
 * page, renders the page with that data and writes the data into the page (PRELOADED_DATA_ELEMENT_ID);
 * the browser's first render reads the same data (`preloadedData`), so hydration renders the same
 * markup without waiting for the API.
 *
 * Keys are the remote's own (e.g. `conference/12`). The shell sets the data: on the server around
 * one synchronous render, in the browser from the page; it forgets it at the first navigation, so
 * a later visit of the same page loads fresh data.
 */
import type { ComponentType } from 'react';
import type { Locale } from './i18n/core';

/** The id of the page's `<script type="application/json">` holding `{ area, data }`. */
export const PRELOADED_DATA_ELEMENT_ID = 'scholars-preloaded-data';

/**
 * The data the server rendered the page with (the shell's public reads, a remote page's data) and,
 * when it rendered a remote's page, which area (`remote/expose/name`).
 */
export interface PreloadedPage {
  area?: string;
  data: Record<string, unknown>;
}

/** The API as the server can call it: same paths as the browser's client (`conference/12`). */
export interface ServerApi {
  /** The answer's JSON, or null on 404; throws on any other failure (the page is then not rendered on the server). */
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
}

export interface ServerPageRequest {
  /** The route's parameters (`{ id: '12' }`). */
  params: Record<string, string>;
  /** The page's query (`?tab=agenda`, `?page=2`). */
  search: URLSearchParams;
  api: ServerApi;
  /** The page's language (the title below is in it). */
  locale: Locale;
}

/** What a page renders with on the server. */
export interface ServerPageData {
  /** Keyed as the page's components read it (`preloadedData`). */
  data: Record<string, unknown>;
  /** The document's HTTP status: 404 when what the page shows does not exist (default 200). */
  status?: number;
  /**
   * The page's own name for `<title>`, in `request.locale` (a conference's title, a member's name),
   * without the site's name: the same name the page gives `usePageTitle` in the browser. None: the
   * route's default title.
   */
  title?: string;
  /**
   * The page is rendered in the browser only (its first screen depends on what only the browser
   * knows: the viewer's zone, the session); the server answers the document with `status` and
   * `title` and renders nothing of it. `data` is then not used.
   */
  statusOnly?: boolean;
}

export interface RemoteServerModule {
  /** The exposed modules' components the server can render, by expose (`pages`) and name. */
  exposes: Record<string, Record<string, ComponentType<Record<string, unknown>>>>;
  /** The data `expose/name` renders with for this request, or null when it is not rendered on the server. */
  loadData(expose: string, name: string, request: ServerPageRequest): Promise<ServerPageData | null>;
}

let current: Record<string, unknown> = {};

/** Sets the data of the page being rendered (the shell: server render, or the page's JSON). */
export function setPreloadedData(data: Record<string, unknown>): void {
  current = data;
}

/** Forgets it (the shell, at the first navigation). */
export function clearPreloadedData(): void {
  current = {};
}

/** The data the page was rendered with under `key`, if any (undefined: load it). */
export function preloadedData<T>(key: string): T | undefined {
  return Object.hasOwn(current, key) ? (current[key] as T) : undefined;
}
