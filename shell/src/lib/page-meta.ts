/** Names of the metas the shell's server puts in a page for the app to read (server/page.ts). */

/**
 * The meta in which the server lists the shell's start chunks on a prerendered page, instead of
 * modulepreload links: the entry announces them once the page has painted (vite.config.ts,
 * paintBeforeStart; server/page.ts).
 */
export const START_CHUNKS_META = 'scholars-start-chunks';

/**
 * The meta in which the server puts the remote manifest of this request (what /remotes.json
 * answers), so the shell registers its remotes without waiting for one more round trip.
 */
export const REMOTES_META = 'scholars-remotes';
