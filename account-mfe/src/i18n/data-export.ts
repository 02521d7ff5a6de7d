/**
 * The texts of the profile's "Your data" section, added to the namespace when this module is
 * imported: by the section's lazily loaded chunk, not with the profile page (account pages' budget).
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { dataExportAr } from './data-export.ar';
import { dataExportEn } from './data-export.en';

export const dataExportResources = { en: dataExportEn, ar: dataExportAr };
addRemoteResources(i18next, NAMESPACE, dataExportResources);
