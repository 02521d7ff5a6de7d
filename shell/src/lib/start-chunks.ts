/**
 * The meta in which the server lists the shell's start chunks on a prerendered page, instead of
 * modulepreload links: the entry announces them once the page has painted (vite.config.ts,
 * paintBeforeStart; server/page.ts).
 */
export const START_CHUNKS_META = 'scholars-start-chunks';
