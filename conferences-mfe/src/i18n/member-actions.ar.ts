/** The texts of a member's actions on the public pages (a full conference's waiting list; cancel a registration; after resubmitting a request; a request form's kept draft), in Arabic (namespace `conferences`). */
export const registerActionsAr = {
  register: {
    full: 'اكتملت المقاعد. انضم إلى قائمة الانتظار: يذهب المقعد الذي يتحرّر إلى العضو الذي انتظر أطول.',
    waiting: 'أنت في قائمة الانتظار، رقم {{place}}. إن تحرّر مقعد لك سُجّلت وأُبلغت بالبريد الإلكتروني.',
    joinWaitingList: 'انضم إلى قائمة الانتظار',
    leaveWaitingList: 'غادر قائمة الانتظار',
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
