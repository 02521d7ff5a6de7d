import i18next from 'i18next';
import { addRemoteResources } from '@scholars/shared-contracts';

/** This remote's own texts; shared texts come from the `common` namespace of shared-contracts. */
export const NAMESPACE = 'community';

export const resources = {
  en: {
    "list": {
      "title": "Research community",
      "description": "Approved research and a live discussion for each one."
    },
    "details": {
      "title": "Research details",
      "description": "Abstract, live chat and the research file."
    }
  },
  ar: {
    "list": {
      "title": "مجتمع البحث",
      "description": "أبحاث معتمدة ونقاش مباشر لكل بحث."
    },
    "details": {
      "title": "تفاصيل البحث",
      "description": "الملخص والمحادثة المباشرة وملف البحث."
    }
  },
};

/** Adds the namespace to the shared i18next instance (the shell's, or this remote's own when alone). */
export function registerTranslations() {
  addRemoteResources(i18next, NAMESPACE, resources);
}
