import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';

/** This remote's own texts; shared texts come from the `common` namespace of shared-contracts. */
export const NAMESPACE = 'account';

export const resources = {
  en: {
    "profile": {
      "title": "My profile",
      "description": "Your details, submissions, conference requests, subscriptions and invoices."
    },
    "publicProfile": {
      "title": "Researcher profile",
      "description": "About, country and research submissions."
    },
    "billing": {
      "title": "Subscriptions and billing",
      "description": "Your plan, next billing date and invoices."
    }
  },
  ar: {
    "profile": {
      "title": "ملفي الشخصي",
      "description": "بياناتك وأبحاثك المقدّمة وطلبات المؤتمرات والاشتراكات والفواتير."
    },
    "publicProfile": {
      "title": "ملف الباحث",
      "description": "نبذة والدولة والأبحاث المقدّمة."
    },
    "billing": {
      "title": "الاشتراكات والفواتير",
      "description": "خطتك وموعد الفاتورة القادمة والفواتير."
    }
  },
};

/** Adds the namespace to the shared i18next instance (the shell's, or this remote's own when alone). */
export function registerTranslations() {
  addRemoteResources(i18next, NAMESPACE, resources);
}
