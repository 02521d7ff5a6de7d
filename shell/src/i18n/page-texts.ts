/**
 * The texts of the shell's lazy pages (sign-in screens, contact, privacy policy, team pages...),
 * both languages: this module comes with the first of those pages (app/shell-pages.tsx), as a
 * remote's texts come with its code. Nothing loads a language on demand.
 */
import type { i18n as I18n } from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { contentPagesAr } from './content-pages.ar';
import { contentPagesEn } from './content-pages.en';
import { shellPagesAr } from './shell-pages.ar';
import { shellPagesEn } from './shell-pages.en';

export function addPageTexts(instance: I18n): void {
  addRemoteResources(instance, 'shell', { en: shellPagesEn, ar: shellPagesAr });
  addRemoteResources(instance, 'content', { en: contentPagesEn, ar: contentPagesAr });
}
