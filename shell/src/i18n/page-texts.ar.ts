/** The texts of the shell's lazy pages in Arabic, one chunk: loaded with those pages (locale-texts.ts). */
import { contentPagesAr } from './content-pages.ar';
import { shellPagesAr } from './shell-pages.ar';

export const pageTexts = { shell: shellPagesAr, content: contentPagesAr };
