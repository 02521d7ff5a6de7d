/** The console's moderation texts, added to the namespace when the `./admin` module loads. */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { consoleAr } from './console.ar';
import { consoleEn } from './console.en';

export const consoleResources = { en: consoleEn, ar: consoleAr };

export function registerConsoleTranslations() {
  addRemoteResources(i18next, NAMESPACE, consoleResources);
}
