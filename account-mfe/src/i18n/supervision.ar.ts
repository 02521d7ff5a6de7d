/** The supervision texts, in Arabic (./supervision.en). */
import type { ArabicTexts } from '@scholars/shared-contracts';
import type { supervisionEn } from './supervision.en';

export const supervisionAr: ArabicTexts<typeof supervisionEn> = {
  supervision: {
    title: 'المشرف',
    intro: 'يوافق مشرفك الأكاديمي على أعمال الطلاب (الماجستير والدكتوراه) قبل إرسالها إلى المراجعة.',
    none: 'لم تحدد مشرفًا بعد.',
    email: 'البريد الإلكتروني لمشرفك',
    name: 'إرسال الدعوة',
    naming: 'جارٍ الإرسال…',
    accepted: 'مشرفك: {{name}}',
    pending: 'أُرسلت الدعوة إلى {{email}} في {{date}}. وهي بانتظار رده.',
    declined: 'رفض {{email}} الإشراف عليك. حدد مشرفًا آخر.',
    remind: 'تذكيره',
    remindAt: 'يمكنك إرسال تذكير جديد ابتداءً من {{date}}.',
    remindedAt: 'آخر تذكير: {{date}}.',
    other: 'تحديد مشرف آخر',
    cancel: 'إلغاء',
    change: 'تحديد مشرف مختلف',
  },
  invitation: {
    title: 'دعوة إلى الإشراف',
    checking: 'جارٍ التحقق من الدعوة…',
    unknown: 'رابط الدعوة هذا غير صالح. اطلب من الطالب إرسال دعوة جديدة.',
    body: 'يطلب منك {{student}} أن تكون مشرفه الأكاديمي على ملتقى الباحثين. بقبولك تستطيع الموافقة على أعماله قبل إرسالها إلى المراجعة.',
    address: 'أُرسلت الدعوة إلى {{email}}.',
    visitor: 'سجّل الدخول بحساب {{email}}، أو أنشئ حسابًا بهذا العنوان، للرد على الدعوة.',
    login: 'تسجيل الدخول',
    register: 'إنشاء حساب',
    wrongAccount: 'أنت مسجّل الدخول باسم {{current}}. هذه الدعوة موجهة إلى {{email}}: سجّل الدخول بذلك الحساب للرد.',
    accept: 'قبول',
    decline: 'رفض',
    working: 'جارٍ التنفيذ…',
    accepted: 'قبلت الدعوة: أصبح {{student}} طالبك. أعماله التي تنتظر الموافقة موجودة في لوحتك.',
    declined: 'رُفضت هذه الدعوة.',
    withdrawn: 'سحب الطالب هذه الدعوة (حدد مشرفًا آخر).',
    console: 'فتح قائمة طلابي',
    confirmDeclineTitle: 'رفض الدعوة؟',
    confirmDeclineBody: 'سيُبلَّغ الطالب برفضك ويمكنه تحديد مشرف آخر.',
  },
};
