/**
 * Texts shared by every app (namespace `common`): toast titles, the spec section 8 catalogue,
 * empty, coming-soon, error-boundary, access-denied and loading texts. The validation messages of
 * the shared zod schemas join them under `common:validation.*` when the schemas load
 * (schemas/validation-texts.ts), not with every page.
 * Feature texts live in each remote's own namespace (see `addRemoteResources`).
 */
import type { Locale } from './core';

/** The same key tree with every leaf widened to `string` (so Arabic must mirror English). */
export type TextTree<T> = { [K in keyof T]: T[K] extends string ? string : TextTree<T[K]> };

/**
 * A remote's Arabic texts: its English key tree with every leaf a string, plus, at any level, the
 * plural forms Arabic has beyond English's (`_zero`, `_two`, `_few`, `_many`).
 */
export type ArabicTexts<T> = { [K in keyof T]: T[K] extends string ? string : ArabicTexts<T[K]> } & Record<string, unknown>;

const en = {
  toast: {
    success: 'Success',
    error: 'Error',
    warning: 'Warning',
    info: 'Information',
  },
  messages: {
    operationCompleted: 'Operation completed successfully',
    updated: 'Updated successfully',
    deleted: 'Deleted successfully',
    operationFailed: 'Operation failed',
    failedToFetch: 'Failed to fetch data',
    errorDuringUpdate: 'Error during update',
    failedToDelete: 'Failed to delete',
    errorDuringDeletion: 'Error during deletion',
    deletionCanceled: 'Deletion canceled',
    confirmDelete: 'Are you sure?',
    genericError: 'Something went wrong. Please try again.',
    anErrorOccurred: 'An error occurred',
  },
  auth: {
    failedToRefresh: 'Failed to refresh token',
    noAccessToken: 'No access token in refresh response',
    sessionExpired: 'Your session has expired. Please sign in again.',
    loginFailed: 'Login failed',
    invalidOtp: 'Invalid OTP. Please try again.',
    resendOtpFailed: 'Failed to resend OTP. Please try again.',
    otpResent: 'New OTP sent to your email.',
  },
  subscription: {
    pricingFetchFailed: 'An error occurred while fetching pricing plans',
    createFailed: 'An error occurred while creating the subscription',
    alreadyActive: 'You already have an active subscription. Please visit the dashboard to manage it.',
    checkoutUrlMissing: 'Checkout URL not found in response',
    failed: 'There was an issue processing your subscription. Please try again or contact support.',
  },
  contact: {
    success: 'Message sent successfully!',
    failed: 'Failed to send message. Please try again.',
  },
  newsletter: {
    success: 'You have successfully subscribed!',
    alreadySubscribed: 'You are already subscribed.',
    invalidEmail: 'Please enter a valid email address.',
    failed: 'We could not subscribe you right now. Please try again later.',
  },
  noData: {
    title: 'No data found',
    message: 'There is nothing to show here yet.',
  },
  comingSoon: 'Coming soon',
  errorBoundary: {
    title: 'Something went wrong',
    message: 'This section could not be loaded.',
    retry: 'Try again',
  },
  accessDenied: {
    title: 'Access denied',
    message: 'You need an active subscription to view this page',
    subscribe: 'Subscribe now',
    login: 'Log in',
  },
  loading: {
    label: 'Loading…',
    cancelHint: 'Press Escape to cancel',
  },
  actions: {
    /** A table's column of row actions (its head is read by screen readers only). */
    label: 'Actions',
    retry: 'Try again',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    delete: 'Delete',
    save: 'Save',
    back: 'Back',
  },
  pagination: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    pageOf: 'Page {{page}} of {{pages}}',
  },
  carousel: {
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: 'Go to slide {{index}}',
  },
  content: {
    english: 'English',
    arabic: 'Arabic',
    missingTitle: 'Fill these in both languages before publishing:',
    inLanguage: '{{field}} ({{language}})',
    upload: 'Choose a file',
    replace: 'Replace',
    remove: 'Remove',
    uploading: 'Uploading…',
    preview: 'Preview of the chosen image',
    noFile: 'No file chosen',
    search: 'Search',
    statusDraft: 'Draft',
    statusPublished: 'Published',
    statusArchived: 'Archived',
    saveDraft: 'Save draft',
    publish: 'Publish',
    unpublish: 'Back to draft',
    archive: 'Archive',
    reload: 'Reload',
    edit: 'Edit',
    add: 'Add',
    order: 'Order',
    confirmDelete: 'Delete “{{name}}”? This cannot be undone.',
  },
} as const;

export type CommonTexts = TextTree<typeof en>;

const ar: CommonTexts = {
  toast: {
    success: 'تمّ بنجاح',
    error: 'خطأ',
    warning: 'تحذير',
    info: 'معلومات',
  },
  messages: {
    operationCompleted: 'تمّت العملية بنجاح',
    updated: 'تمّ التحديث بنجاح',
    deleted: 'تمّ الحذف بنجاح',
    operationFailed: 'فشلت العملية',
    failedToFetch: 'تعذّر جلب البيانات',
    errorDuringUpdate: 'حدث خطأ أثناء التحديث',
    failedToDelete: 'تعذّر الحذف',
    errorDuringDeletion: 'حدث خطأ أثناء الحذف',
    deletionCanceled: 'تمّ إلغاء الحذف',
    confirmDelete: 'هل أنت متأكد؟',
    genericError: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
    anErrorOccurred: 'حدث خطأ',
  },
  auth: {
    failedToRefresh: 'تعذّر تجديد رمز الدخول',
    noAccessToken: 'لا يوجد رمز دخول في استجابة التجديد',
    sessionExpired: 'انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.',
    loginFailed: 'فشل تسجيل الدخول',
    invalidOtp: 'رمز التحقق غير صحيح. يُرجى المحاولة مرة أخرى.',
    resendOtpFailed: 'تعذّرت إعادة إرسال رمز التحقق. يُرجى المحاولة مرة أخرى.',
    otpResent: 'أُرسل رمز تحقق جديد إلى بريدك الإلكتروني.',
  },
  subscription: {
    pricingFetchFailed: 'حدث خطأ أثناء جلب خطط الاشتراك',
    createFailed: 'حدث خطأ أثناء إنشاء الاشتراك',
    alreadyActive: 'لديك اشتراك نشط بالفعل. يُرجى زيارة لوحة التحكم لإدارته.',
    checkoutUrlMissing: 'لم يُعثر على رابط الدفع في الاستجابة',
    failed: 'حدثت مشكلة أثناء معالجة اشتراكك. يُرجى المحاولة مرة أخرى أو التواصل مع الدعم.',
  },
  contact: {
    success: 'أُرسلت رسالتك بنجاح!',
    failed: 'تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى.',
  },
  newsletter: {
    success: 'تمّ اشتراكك بنجاح!',
    alreadySubscribed: 'أنت مشترك بالفعل.',
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح.',
    failed: 'تعذّر إتمام اشتراكك الآن. يُرجى المحاولة لاحقًا.',
  },
  noData: {
    title: 'لا توجد بيانات',
    message: 'لا يوجد ما يُعرض هنا بعد.',
  },
  comingSoon: 'قريبًا',
  errorBoundary: {
    title: 'حدث خطأ ما',
    message: 'تعذّر تحميل هذا القسم.',
    retry: 'إعادة المحاولة',
  },
  accessDenied: {
    title: 'تم رفض الوصول',
    message: 'تحتاج إلى اشتراك نشط لعرض هذه الصفحة',
    subscribe: 'اشترك الآن',
    login: 'تسجيل الدخول',
  },
  loading: {
    label: 'جارٍ التحميل…',
    cancelHint: 'اضغط على مفتاح Escape للإلغاء',
  },
  actions: {
    label: 'الإجراءات',
    retry: 'إعادة المحاولة',
    cancel: 'إلغاء',
    confirm: 'تأكيد',
    close: 'إغلاق',
    delete: 'حذف',
    save: 'حفظ',
    back: 'رجوع',
  },
  pagination: {
    label: 'الصفحات',
    previous: 'السابق',
    next: 'التالي',
    page: 'الصفحة {{page}}',
    pageOf: 'الصفحة {{page}} من {{pages}}',
  },
  carousel: {
    previous: 'الشريحة السابقة',
    next: 'الشريحة التالية',
    goTo: 'انتقل إلى الشريحة {{index}}',
  },
  content: {
    english: 'الإنجليزية',
    arabic: 'العربية',
    missingTitle: 'املأ هذه الحقول باللغتين قبل النشر:',
    inLanguage: '{{field}} ({{language}})',
    upload: 'اختر ملفًا',
    replace: 'استبدال',
    remove: 'إزالة',
    uploading: 'جارٍ الرفع…',
    preview: 'معاينة الصورة المختارة',
    noFile: 'لم يُختر ملف',
    search: 'بحث',
    statusDraft: 'مسودة',
    statusPublished: 'منشور',
    statusArchived: 'مؤرشف',
    saveDraft: 'حفظ كمسودة',
    publish: 'نشر',
    unpublish: 'إعادة إلى المسودات',
    archive: 'أرشفة',
    reload: 'إعادة التحميل',
    edit: 'تعديل',
    add: 'إضافة',
    order: 'الترتيب',
    confirmDelete: 'حذف «{{name}}»؟ لا يمكن التراجع عن ذلك.',
  },
};

/** The i18next namespace of the shared texts. */
export const COMMON_NAMESPACE = 'common';

export type CommonResource = CommonTexts;

/** Shared resources, ready for i18next: `{ en: { common }, ar: { common } }`. */
export const commonResources: Record<Locale, { common: CommonResource }> = {
  en: { common: en },
  ar: { common: ar },
};

/** Dotted keys of the `common` namespace, e.g. `messages.operationFailed`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type CommonKey = Leaves<CommonTexts>;

/**
 * The shared text for `key` in `locale`, straight from {@link commonResources} (no i18next
 * needed: API e-mails, code running before i18next starts). Falls back to English, then the key.
 */
export function commonText(key: CommonKey, locale: Locale = 'en'): string {
  return lookup(commonResources[locale].common, key) ?? lookup(commonResources.en.common, key) ?? key;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
