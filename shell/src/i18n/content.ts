/**
 * Long-form page texts of the shell (namespace `content`) in both languages: about and the privacy
 * and content policy. Both languages at once are for the server's prerender and the tests: the
 * browser loads one language at a time (`locale-texts.ts`).
 */
import { contentAr } from './content.ar';
import { contentEn } from './content.en';

export const contentResources = { en: contentEn, ar: contentAr };
