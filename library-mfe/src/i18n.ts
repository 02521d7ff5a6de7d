import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';

/** This remote's own texts; shared texts come from the `common` namespace of shared-contracts. */
export const NAMESPACE = 'library';

export const resources = {
  en: {
    "list": {
      "title": "E-book library",
      "description": "University libraries and e-books in Arabic and English."
    },
    "details": {
      "title": "Book details",
      "description": "Abstract and the book file."
    },
    "exchange": {
      "title": "Research exchange",
      "description": "Submit your research for review; decisions take 2–3 weeks."
    }
  },
  ar: {
    "list": {
      "title": "المكتبة الإلكترونية",
      "description": "مكتبات الجامعات والكتب الإلكترونية بالعربية والإنجليزية."
    },
    "details": {
      "title": "تفاصيل الكتاب",
      "description": "الملخص وملف الكتاب."
    },
    "exchange": {
      "title": "تبادل الأبحاث",
      "description": "قدّم بحثك للتحكيم؛ يصدر القرار خلال أسبوعين إلى ثلاثة أسابيع."
    }
  },
};

/** Adds the namespace to the shared i18next instance (the shell's, or this remote's own when alone). */
export function registerTranslations() {
  addRemoteResources(i18next, NAMESPACE, resources);
}
