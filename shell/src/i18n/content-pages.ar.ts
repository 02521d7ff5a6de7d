/** Long-form page texts of the shell (the privacy and content policy, team pages), in Arabic (namespace `content`; page-texts.ts). */
import type { TextTree } from '@scholars/shared-contracts';
import type { contentPagesEn } from './content-pages.en';

// Typed against English: a missing or extra Arabic key is a type error.
export const contentPagesAr: TextTree<typeof contentPagesEn> = {
  privacy: {
    title: 'سياسة الخصوصية والمحتوى',
    updated: 'آخر تحديث {{date}}',
  },
  team: {
    back: 'العودة إلى الفريق',
    notFound: 'تعذّر العثور على عضو الفريق هذا.',
    links: 'الحسابات',
  },
};
