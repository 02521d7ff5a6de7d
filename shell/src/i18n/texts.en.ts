/** The shell's texts in English at start, one chunk: loaded when the interface is in English (locale-texts.ts). */
import { shellEn } from './shell.en';

export const texts = { shell: shellEn };
