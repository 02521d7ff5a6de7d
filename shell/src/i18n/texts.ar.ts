/** The shell's texts in Arabic, one chunk: loaded when the interface is in Arabic (locale-texts.ts). */
import { contentAr } from './content.ar';
import { shellAr } from './shell.ar';

export const texts = { shell: shellAr, content: contentAr };
