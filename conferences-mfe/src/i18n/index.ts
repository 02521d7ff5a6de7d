import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';
import { ar } from './ar';
import { en } from './en';

/** This remote's own texts; shared texts come from the `common` namespace of shared-contracts. */
export const NAMESPACE = 'conferences';

export const resources = { en, ar };

/** Adds the namespace to the shared i18next instance (the shell's, or this remote's own when alone). */
export function registerTranslations() {
  addRemoteResources(i18next, NAMESPACE, resources);
}
