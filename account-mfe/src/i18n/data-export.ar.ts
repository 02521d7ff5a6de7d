import type { dataExportEn } from './data-export.en';

/** The profile's "Your data" section, in Arabic (namespace `account`); it comes with the section's own chunk. */
export const dataExportAr: typeof dataExportEn = {
  dataExport: {
    title: 'بياناتك',
    text:
      'نزّل ملف JSON واحدًا يضم كل ما تحتفظ به المنصة عنك: بيانات حسابك، وأبحاثك والقرارات المتخذة بشأنها، ورسائلك في النقاشات، ' +
      'وتسجيلاتك وطلباتك للمؤتمرات، واشتراكاتك وفواتيرك، واستشاراتك، والإشراف، وقرارات فريق المنصة بشأن حسابك ' +
      '(تُذكر الملفات التي رفعتها بأسمائها وأحجامها دون محتواها).',
    download: 'تنزيل بياناتي',
    busy: 'جارٍ تجهيز الملف…',
    failed: 'تعذّر تنزيل بياناتك. يرجى المحاولة مرة أخرى.',
  },
};
