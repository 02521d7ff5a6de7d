import type { closeAccountEn } from './close-account.en';

/** The profile's "Close account" section, in Arabic (namespace `account`); it comes with the section's own chunk. */
export const closeAccountAr: typeof closeAccountEn = {
  closeAccount: {
    title: 'إغلاق الحساب',
    text:
      'يؤدي إغلاق حسابك إلى حذف اسمك وبريدك الإلكتروني وهاتفك وصورتك وكلمة المرور وسائر بياناتك، وتسجيل خروجك من جميع الأجهزة. ' +
      'تبقى الأبحاث التي قدّمتها ورسائلك في النقاشات وفواتيرك على المنصة باسم «عضو سابق»، وتُلغى تسجيلاتك في المؤتمرات التي لم تنتهِ بعد. ' +
      'لا يمكن التراجع عن ذلك، ويصبح بريدك الإلكتروني متاحًا لإنشاء حساب جديد.',
    open: 'إغلاق حسابي…',
    dialogTitle: 'هل تريد إغلاق حسابك؟',
    dialogText: 'أدخل كلمة المرور الحالية للتأكيد. سيُسجَّل خروجك ولا يمكن استعادة الحساب بعد إغلاقه.',
    password: 'كلمة المرور الحالية',
    confirm: 'إغلاق حسابي',
    closing: 'جارٍ الإغلاق…',
    keep: 'الإبقاء على حسابي',
  },
};
