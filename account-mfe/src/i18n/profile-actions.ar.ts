/** The profile's action texts (cancel a registration, turn renewal off or on), in Arabic (namespace `account`); they come with those tabs' code. */
export const profileActionsAr = {
  registrations: {
    action: 'الإجراء',
    cancel: 'إلغاء التسجيل',
    cancelTitle: 'إلغاء تسجيلك في «{{title}}»؟',
    cancelBody: 'يُحرَّر مقعدك وتصلك رسالة بذلك. يمكنك التسجيل من جديد من صفحة المؤتمر ما دام التسجيل مفتوحًا.',
    cancelConfirm: 'إلغاء التسجيل',
    cancelKeep: 'الإبقاء عليه',
    canceled: 'أُلغي تسجيلك.',
    cancelFailed: 'تعذّر إلغاء التسجيل. يُرجى المحاولة مرة أخرى.',
    canceledByMember: 'ألغيته أنت',
    canceledByOrganizers: 'ألغاه المنظمون',
    offSite: 'لم يعد ظاهرًا على الموقع',
  },
  subscriptions: {
    endsOn: 'ينتهي في',
    endedOn: 'انتهى في',
    renewalOffNote: 'التجديد متوقف، فلن يُخصم أي مبلغ آخر.',
    turnOff: 'إيقاف التجديد',
    turnOn: 'إعادة تشغيل التجديد',
    keepRenewal: 'إبقاء التجديد',
    notNow: 'ليس الآن',
    offTitle: 'إيقاف التجديد؟',
    offBody: 'يبقى اشتراكك في {{plan}} فعّالًا حتى {{date}}، ثم ينتهي دون تجديد ولن يُخصم أي مبلغ آخر. ويمكن إعادة تشغيل التجديد قبل ذلك الموعد.',
    onTitle: 'إعادة تشغيل التجديد؟',
    onBody: 'سيتجدد اشتراكك في {{plan}} تلقائيًا في {{date}}، ويُخصم حينها {{amount}} درهم عن السنة الجديدة.',
  },
};
