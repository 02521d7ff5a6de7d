/**
 * Long-form page texts of the shell (namespace `content`) in both languages: about, the privacy
 * and content policy, team pages. Both languages at once are for the server's prerender and the
 * tests: the browser loads one language at a time, with the pages that show them (`locale-texts.ts`).
 */
import { contentPagesAr } from './content-pages.ar';
import { contentPagesEn } from './content-pages.en';

export const contentResources = { en: contentPagesEn, ar: contentPagesAr };
