/**
 * Long-form page texts of the shell (namespace `content`: about, the privacy and content policy,
 * team pages) in both languages at once, for the server's prerender and the tests. The browser adds
 * the about page's with the start (start-texts.ts) and the rest with the lazy pages (page-texts.ts).
 */
import { aboutAr } from './about.ar';
import { aboutEn } from './about.en';
import { contentPagesAr } from './content-pages.ar';
import { contentPagesEn } from './content-pages.en';

export const contentResources = { en: { about: aboutEn, ...contentPagesEn }, ar: { about: aboutAr, ...contentPagesAr } };
