import type { ShellPageName } from '@scholars/shared-contracts';

/**
 * The shell's pages rendered on the server (prerender.tsx) and hydrated in the browser: they are in
 * the shell's start chunks, since a lazy page would flash its fallback between the two renders.
 * Read by the server too (server/page.ts: which pages are made with the shell's public data).
 */
export const PRERENDERED_PAGES: ReadonlySet<ShellPageName> = new Set(['Home', 'About']);
