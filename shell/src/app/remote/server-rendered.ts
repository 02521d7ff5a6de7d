import type { ExposedComponents } from './remote-registry';

/**
 * The remote area the server rendered into the page (issue 6), as `remote/expose/name`. On the
 * server (app/prerender.tsx) it comes with the exposed module, set around one synchronous render; in
 * the browser it comes from the page (bootstrap.tsx) and is forgotten at the first navigation, like
 * the data it was rendered with. RemoteArea hydrates such an area instead of rendering it afresh.
 */
let rendered: { area: string; exposed?: ExposedComponents } | null = null;

export function setServerRenderedArea(value: { area: string; exposed?: ExposedComponents } | null): void {
  rendered = value;
}

export function serverRenderedArea(): string | null {
  return rendered?.area ?? null;
}

/** The module of `remote/expose` when the server is rendering it (never in the browser). */
export function serverRenderedModule(remote: string, expose: string): ExposedComponents | undefined {
  return rendered?.exposed && rendered.area.startsWith(`${remote}/${expose}/`) ? rendered.exposed : undefined;
}
