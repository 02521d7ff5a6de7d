/**
 * The report dialog's texts (issue 20; namespace `common`, key `report`), in both languages. They
 * join the `common` namespace when the dialog's module loads (ui/ReportDialog.tsx), not with every
 * page's start (the home page's arrival budget).
 */
export const reportTextsEn = {
  button: 'Report',
  reportMessage: 'Report this message',
  reportResearch: 'Report this research',
  reportProfile: 'Report this profile',
  title: 'Report to the moderators',
  intro: 'Tell the moderators what is wrong. The author is not told who reported it.',
  reason: 'Reason',
  reasons: {
    harassment: 'Harassment',
    plagiarism: 'Plagiarism or republishing without permission',
    spam: 'Spam',
    illegal: 'Illegal under UAE law',
    other: 'Other',
  },
  details: 'Details (optional)',
  detailsHint: 'At most {{max}} characters.',
  send: 'Send the report',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  chooseReason: 'Choose a reason.',
  failed: 'The report could not be sent. Try again.',
};

export const reportTexts: Record<'en' | 'ar', typeof reportTextsEn> = {
  en: reportTextsEn,
  ar: {
    button: 'إبلاغ',
    reportMessage: 'الإبلاغ عن هذه الرسالة',
    reportResearch: 'الإبلاغ عن هذا البحث',
    reportProfile: 'الإبلاغ عن هذا الملف الشخصي',
    title: 'إبلاغ مشرفي المنصة',
    intro: 'أخبر مشرفي المنصة بالمشكلة. لن يُخبَر صاحب المحتوى بمن أبلغ عنه.',
    reason: 'السبب',
    reasons: {
      harassment: 'مضايقة',
      plagiarism: 'انتحال أو إعادة نشر دون إذن',
      spam: 'محتوى مزعج (سبام)',
      illegal: 'مخالف لقوانين دولة الإمارات',
      other: 'سبب آخر',
    },
    details: 'تفاصيل (اختياري)',
    detailsHint: '{{max}} حرف على الأكثر.',
    send: 'إرسال البلاغ',
    sending: 'جارٍ الإرسال…',
    cancel: 'إلغاء',
    close: 'إغلاق',
    chooseReason: 'اختر سببًا.',
    failed: 'تعذّر إرسال البلاغ. حاول مرة أخرى.',
  },
};
