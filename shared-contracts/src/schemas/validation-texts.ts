/**
 * The validation messages as i18next texts (`common:validation.*`, what the forms show), added to
 * the shared i18next instance when these schemas load: every form loads them before it can show a
 * message. They are not among the common texts every page starts with (issue 6: both languages are
 * ~4.7 KiB compressed, and most visits fill no form). The API reads them with `translateMessage`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { validationMessages } from './messages';
import { SUPPORTED_LOCALES } from '../i18n/core';

/** Adds the messages to `instance` (both languages, existing texts kept); false when it is not initialised yet. */
export function addValidationTexts(instance: I18n = i18next): boolean {
  if (!instance.store) return false;
  for (const lng of SUPPORTED_LOCALES) {
    instance.addResourceBundle(lng, 'common', { validation: validationMessages[lng] }, true, false);
  }
  return true;
}

// In the browser the app initialised the shared instance long before a form loads this; elsewhere
// (the API, a test) they come if and when that instance is initialised.
if (!addValidationTexts()) i18next.on('initialized', () => addValidationTexts());
