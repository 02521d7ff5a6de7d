/** The shell's texts in Arabic at start, one chunk: loaded when the interface is in Arabic (locale-texts.ts). */
import { shellAr } from './shell.ar';

export const texts = { shell: shellAr };
