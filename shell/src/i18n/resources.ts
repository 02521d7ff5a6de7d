/**
 * The shell's own texts (namespace `shell`) in both languages, its lazy pages' included; shared
 * texts live in shared-contracts (`common`). Both languages at once are for the server's prerender
 * and the tests: the browser loads one language at a time, and its lazy pages' texts with them
 * (`locale-texts.ts`).
 */
import { shellAr } from './shell.ar';
import { shellEn } from './shell.en';
import { shellPagesAr } from './shell-pages.ar';
import { shellPagesEn } from './shell-pages.en';

export const shellResources = { en: { ...shellEn, ...shellPagesEn }, ar: { ...shellAr, ...shellPagesAr } };
