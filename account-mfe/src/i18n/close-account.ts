/**
 * The texts of the profile's "Close account" section, added to the namespace when this module is
 * imported: by the section's lazily loaded chunk, not with the profile page (account pages' budget).
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { closeAccountAr } from './close-account.ar';
import { closeAccountEn } from './close-account.en';

export const closeAccountResources = { en: closeAccountEn, ar: closeAccountAr };
addRemoteResources(i18next, NAMESPACE, closeAccountResources);
