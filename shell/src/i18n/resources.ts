/**
 * The shell's own texts (namespace `shell`) in both languages, its lazy pages' included; shared
 * texts live in shared-contracts (`common`). All of them at once are for the server's prerender
 * and the tests; the browser adds them in two groups (start-texts.ts, page-texts.ts).
 */
import { shellAr } from './shell.ar';
import { shellEn } from './shell.en';
import { shellPagesAr } from './shell-pages.ar';
import { shellPagesEn } from './shell-pages.en';

export const shellResources = { en: { ...shellEn, ...shellPagesEn }, ar: { ...shellAr, ...shellPagesAr } };
