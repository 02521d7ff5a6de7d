import type { ShellPageName } from '@scholars/shared-contracts';

/**
 * The shell's pages rendered on the server (prerender.tsx) and hydrated in the browser: they are in
 * the shell's start chunks, since a lazy page would flash its fallback between the two renders.
 * Read by the server too (server/page.ts: which pages are made with the shell's public data).
 */
export const PRERENDERED_PAGES: ReadonlySet<ShellPageName> = new Set(['Home', 'About']);

/**
 * The prerendered pages that show the pages' own texts (page-texts.*.ts, not in the start): the
 * browser loads them before hydrating (bootstrap.tsx), and the server announces their chunk with
 * the start chunks (server/page.ts), so that load is no extra round trip.
 */
export const PRERENDERED_WITH_PAGE_TEXTS: ReadonlySet<ShellPageName> = new Set(['About']);
