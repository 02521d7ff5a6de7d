/**
 * The shell's own texts (namespace `shell`) in both languages; shared texts live in shared-contracts
 * (`common`). Both languages at once are for the server's prerender and the tests: the browser
 * loads one language at a time (`locale-texts.ts`).
 */
import { shellAr } from './shell.ar';
import { shellEn } from './shell.en';

export const shellResources = { en: shellEn, ar: shellAr };
