/** The texts of the shell's lazy pages in English, one chunk: loaded with those pages (locale-texts.ts). */
import { contentPagesEn } from './content-pages.en';
import { shellPagesEn } from './shell-pages.en';

export const pageTexts = { shell: shellPagesEn, content: contentPagesEn };
