/**
 * The texts of the profile's actions (canceling a conference registration, turning a subscription's
 * renewal off or on), added to the namespace when this module is imported: by the lazily loaded
 * tabs that offer them, not by every expose of the remote (the widgets' budget).
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { profileActionsAr } from './profile-actions.ar';
import { profileActionsEn } from './profile-actions.en';

export const profileActionsResources = { en: profileActionsEn, ar: profileActionsAr };
addRemoteResources(i18next, NAMESPACE, profileActionsResources);
