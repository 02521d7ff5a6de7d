/** The console's about page and privacy policy screens, in Arabic (./site-pages.en). */
import type { ArabicTexts } from '@scholars/shared-contracts';
import type { sitePagesEn } from './site-pages.en';

export const sitePagesAr: ArabicTexts<typeof sitePagesEn> = {
  sitePages: {
    alwaysLive: 'هذه الصفحة منشورة دائمًا: يظهر الحفظ فورًا، ويجب ملء كل نص باللغتين.',
    updated: 'آخر حفظ {{date}}',
    moveUp: 'انقل {{item}} إلى الأعلى',
    moveDown: 'انقل {{item}} إلى الأسفل',
    remove: 'احذف {{item}}',
    about: {
      title: 'صفحة من نحن',
      intro: 'نصوص صفحة من نحن. أما عناوينها فثابتة في الموقع.',
      lead: 'المقدمة',
      founderMessage: 'كلمة المؤسِّسة',
      founderName: 'اسم المؤسِّسة كما يُوقَّع',
      mission: 'الرسالة',
      vision: 'الرؤية',
      objectives: 'الأهداف',
      objective: 'الهدف {{number}}',
      addObjective: 'أضف هدفًا',
      objectivesHint: 'من 1 إلى {{max}}، بالترتيب الذي تعرضه الصفحة.',
    },
    privacy: {
      title: 'سياسة الخصوصية',
      intro: 'سياسة الخصوصية والمحتوى. يحق للإدارة تعديلها: تعرض الصفحة تاريخ آخر حفظ.',
      notifyNote: 'لا يُرسل الحفظ بريدًا إلى الأعضاء: أبلغهم بالتغيير عبر النشرة البريدية عند الحاجة.',
      sections: 'الأقسام',
      section: 'القسم {{number}}',
      sectionTitle: 'عنوان القسم {{number}}',
      sectionBody: 'نص القسم {{number}}',
      addSection: 'أضف قسمًا',
      sectionsHint: 'من 1 إلى {{max}}، مرقّمة في الصفحة بهذا الترتيب.',
    },
  },
};
