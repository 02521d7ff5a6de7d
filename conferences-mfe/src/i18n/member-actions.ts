/**
 * The texts of a member's actions on the public pages (canceling a registration, the message after
 * resubmitting a request), added to the namespace when a page that offers them is imported: not by
 * the widgets, which the home page loads (their budget).
 */
import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';
import { registerActionsAr } from './member-actions.ar';
import { registerActionsEn } from './member-actions.en';

addRemoteResources(i18next, NAMESPACE, { en: registerActionsEn, ar: registerActionsAr });
