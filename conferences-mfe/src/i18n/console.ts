/** The operator console's texts, added to the namespace when its screens' module is imported (`./admin`), not with the public pages. */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { consoleAr } from './console.ar';
import { consoleEn } from './console.en';

export const consoleResources = { en: consoleEn, ar: consoleAr };

/** Adds the console's texts to the shared i18next instance (idempotent, like `registerTranslations`). */
export function registerConsoleTranslations() {
  addRemoteResources(i18next, NAMESPACE, consoleResources);
}
