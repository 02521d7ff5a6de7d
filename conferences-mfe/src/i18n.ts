import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';

/** This remote's own texts; shared texts come from the `common` namespace of shared-contracts. */
export const NAMESPACE = 'conferences';

export const resources = {
  en: {
    "list": {
      "title": "Conferences",
      "description": "Browse academic conferences and events by category, search them and register."
    },
    "details": {
      "title": "Conference details",
      "description": "Overview, agenda, speakers, excerpts and important dates."
    },
    "request": {
      "title": "Request a conference",
      "description": "Propose a conference for our team to organise with you."
    }
  },
  ar: {
    "list": {
      "title": "المؤتمرات",
      "description": "تصفّح المؤتمرات والفعاليات الأكاديمية حسب الفئة، وابحث فيها وسجّل."
    },
    "details": {
      "title": "تفاصيل المؤتمر",
      "description": "نظرة عامة وجدول الأعمال والمتحدثون والمقتطفات والتواريخ المهمة."
    },
    "request": {
      "title": "طلب مؤتمر",
      "description": "اقترح مؤتمرًا لينظّمه فريقنا معك."
    }
  },
};

/** Adds the namespace to the shared i18next instance (the shell's, or this remote's own when alone). */
export function registerTranslations() {
  addRemoteResources(i18next, NAMESPACE, resources);
}
