/** The operator console's texts, added to the namespace when its screens' module is imported (`./admin`). */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { consoleAr } from './console.ar';
import { consoleEn } from './console.en';

export const consoleResources = { en: consoleEn, ar: consoleAr };
addRemoteResources(i18next, NAMESPACE, consoleResources);
