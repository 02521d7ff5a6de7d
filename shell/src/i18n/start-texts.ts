/**
 * The shell's texts on every page (header, footer, home page, about page), both languages, added
 * before the first render (bootstrap.tsx): a switch of language re-renders at once, with nothing
 * to fetch. The lazy pages' texts come with those pages (page-texts.ts).
 */
import type { i18n as I18n } from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { aboutAr } from './about.ar';
import { aboutEn } from './about.en';
import { shellAr } from './shell.ar';
import { shellEn } from './shell.en';

export function addStartTexts(instance: I18n): void {
  addRemoteResources(instance, 'shell', { en: shellEn, ar: shellAr });
  addRemoteResources(instance, 'content', { en: { about: aboutEn }, ar: { about: aboutAr } });
}
