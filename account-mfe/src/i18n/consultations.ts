/**
 * The consultation texts, added to the namespace when this module is imported: by the consultation
 * pages and the profile's Consultations tab (lazy chunks), not by every expose of the remote.
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { consultationsAr } from './consultations.ar';
import { consultationsEn } from './consultations.en';

export const consultationsResources = { en: consultationsEn, ar: consultationsAr };
addRemoteResources(i18next, NAMESPACE, consultationsResources);
