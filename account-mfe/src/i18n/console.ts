/** The operator console's texts, added to the namespace when its screens' module is imported (`./admin`). */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { consoleAr } from './console.ar';
import { consoleEn } from './console.en';
import { contentAr } from './content.ar';
import { contentEn } from './content.en';
import { consultationsConsoleAr } from './consultations-console.ar';
import { consultationsConsoleEn } from './consultations-console.en';
import { sitePagesAr } from './site-pages.ar';
import { sitePagesEn } from './site-pages.en';

export const consoleResources = {
  en: { ...consoleEn, ...contentEn, ...consultationsConsoleEn, ...sitePagesEn },
  ar: { ...consoleAr, ...contentAr, ...consultationsConsoleAr, ...sitePagesAr },
};
addRemoteResources(i18next, NAMESPACE, consoleResources);
