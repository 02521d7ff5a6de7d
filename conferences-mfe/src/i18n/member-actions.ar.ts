/** The texts of a member's actions on the public pages (cancel a registration; after resubmitting a request; a request form's kept draft), in Arabic (namespace `conferences`). */
export const registerActionsAr = {
  register: {
    cancel: 'إلغاء تسجيلي',
    cancelTitle: 'إلغاء تسجيلك؟',
    cancelBody: 'يُحرَّر مقعدك وتصلك رسالة بذلك. يمكنك التسجيل من جديد ما دام التسجيل مفتوحًا.',
    cancelConfirm: 'إلغاء التسجيل',
    cancelKeep: 'الإبقاء عليه',
    canceled: 'أُلغي تسجيلك.',
    cancelFailed: 'تعذّر إلغاء التسجيل. يُرجى المحاولة مرة أخرى.',
  },
  request: {
    mineLink: 'عرض طلباتي',
    draftRestored: 'أعدنا ما كتبته هنا من قبل. راجِعه ثم أرسله.',
  },
};
