/** The shell's texts in English, one chunk: loaded when the interface is in English (locale-texts.ts). */
import { contentEn } from './content.en';
import { shellEn } from './shell.en';

export const texts = { shell: shellEn, content: contentEn };
