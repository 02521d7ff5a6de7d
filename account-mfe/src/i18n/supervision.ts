/**
 * The supervision texts, added to the namespace when this module is imported: by the Supervisor
 * section and the invitation page (lazy chunks), not by every expose of the remote.
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { supervisionAr } from './supervision.ar';
import { supervisionEn } from './supervision.en';

export const supervisionResources = { en: supervisionEn, ar: supervisionAr };
addRemoteResources(i18next, NAMESPACE, supervisionResources);
