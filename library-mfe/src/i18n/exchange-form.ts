/**
 * Texts only the research exchange's form shows, added to the namespace when its lazy page is
 * imported: not on `./pages`' start (its budget in e2e/tests/budgets.spec.ts).
 */
import i18next from 'i18next';
import { addRemoteResources, type ArabicTexts } from '@scholars/shared-contracts';
import { NAMESPACE } from '.';

export const exchangeFormEn = {
  exchange: {
    draftRestored: 'What you typed here before is back. Files are not kept: choose them again before you send.',
  },
};

export const exchangeFormAr: ArabicTexts<typeof exchangeFormEn> = {
  exchange: {
    draftRestored: 'أعدنا ما كتبته هنا من قبل. الملفات لا تُحفظ: اخترها مرة أخرى قبل الإرسال.',
  },
};

addRemoteResources(i18next, NAMESPACE, { en: exchangeFormEn, ar: exchangeFormAr });
