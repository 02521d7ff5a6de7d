/**
 * Texts of the keys the shared zod schemas and the API answer with: refusals (`validation.*`:
 * field errors, errors of a request) and successes (`success.*`: what a done operation reports).
 *
 * A schema's error message is a key such as `validation.fullNameRequired`; the text lives here
 * under the same name without the `validation.` prefix. The front end merges these maps into
 * i18next (namespace `common`, subtree `validation`), so `t('common:validation.fullNameRequired')`
 * shows the text; the API answers with `translateMessage(locale, key, params)`.
 * Placeholders use the i18next syntax `{{name}}`.
 */
import type { Locale } from '../i18n/core';

const en = {
  // Spec section 5, exact texts.
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number format',
  messageRequired: 'Message is required',
  newsletterEmailInvalid: 'Please enter a valid email address.',
  otpInvalid: 'Please enter a valid 6-digit OTP.',
  passwordsDoNotMatch: 'Passwords do not match.',
  // Decisions: passwords have at least 8 characters.
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least {{minimum}} characters.',
  // Generic field messages (the error map of error-map.ts picks these).
  required: 'This field is required',
  invalidInput: 'Invalid input',
  mustBeNumber: 'Must be a number',
  mustBeInteger: 'Must be a whole number',
  mustBeText: 'Must be text',
  mustBeBoolean: 'Must be true or false',
  mustBeList: 'Must be a list',
  minNumber: 'Must be at least {{minimum}}',
  maxNumber: 'Must be at most {{maximum}}',
  numberOutOfRange: 'Number is out of range',
  minLength: 'Must be at least {{minimum}} characters',
  maxLength: 'Must be at most {{maximum}} characters',
  minItems: 'Choose at least {{minimum}}',
  maxItems: 'Choose at most {{maximum}}',
  invalidOption: 'Must be one of: {{values}}',
  invalidFormat: 'Invalid format',
  unknownField: 'Unknown field',
  // Request-level errors the API answers with.
  bodyRequired: 'The request body is required',
  bodyMustBeObject: 'The request body must be a JSON object',
  invalidJson: 'The request body is not valid JSON',
  invalidCharacters: 'The request contains a character that is not allowed (NUL)',
  nestedTooDeep: 'The request body is nested too deeply (at most {{maximum}} levels)',
  uriTooLong: 'The address is too long',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You are not allowed to do this',
  conflict: 'This already exists',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Something went wrong. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  // Research community and its chat (issue 4).
  chatMessageRequired: 'Write a message first.',
  chatMessageTooLong: 'A message can have at most {{maximum}} characters.',
  chatRateLimited: 'You are sending messages too quickly. Please wait {{seconds}} seconds and try again.',
  chatDeleteForbidden: 'Only the sender of a message or a moderator can remove it.',
  researchFileLinkExpired: 'This file link has expired. Open the file again from the research page.',
  // Conferences: request form (spec 3 and 5), registration, requests and their review.
  academicLevelRequired: 'Academic level is required',
  majorFieldRequired: 'Major field is required',
  universityRequired: 'University is required',
  universityEmailRequired: 'University email is required',
  universityEmailPersonal: 'Please use your university email address, not a personal one',
  countryRequired: 'Country of residence is required',
  conferenceTitleRequired: 'Conference title is required',
  mainLanguageRequired: 'Main language is required',
  proposedDateRequired: 'Proposed start date is required',
  proposedDateInvalid: 'Enter a valid date',
  proposedDateFuture: 'The proposed date must be in the future',
  durationRequired: 'Duration in days is required',
  durationMin: 'Duration must be at least 1 day',
  durationMax: 'Duration must be at most {{maximum}} days',
  locationTypeRequired: 'Location type is required',
  venueRequired: 'Venue is required',
  objectivesRequired: 'Objectives are required',
  decisionReasonRequired: 'Please give a reason for the rejection',
  timezoneInvalid: 'Unknown time zone',
  conferenceAlreadyRegistered: 'You are already registered for this conference.',
  conferenceRegistrationClosed: 'Registration for this conference is closed.',
  conferenceEnded: 'This conference has already ended.',
  conferenceRequestNotEditable: 'This request has already been reviewed and can no longer be edited.',
  conferenceRequestAlreadyDecided: 'A decision has already been taken on this request.',
  conferenceRequestNotApproved: 'Only an approved request can be published.',
  conferenceRequestAlreadyPublished: 'This request has already been published as a conference.',
  // Billing (spec 4, 6, 8; decisions: payments, paywall) and profile.
  subscriptionRequired: 'You need an active subscription to view this page',
  alreadySubscribed: 'You already have an active subscription. Please visit the dashboard to manage it.',
  activeSubscriptionExists: 'You already have an active subscription. If you continue, you will gain the benefits of both subscriptions.',
  subscriptionCreateFailed: 'An error occurred while creating the subscription',
  planUnavailable: 'This plan is not available',
  subscriptionForOtherUser: 'You can only buy a subscription for your own account',
  checkoutNotYours: 'Only the account that started this checkout can complete it, from the browser it was started in',
  checkoutClosed: 'This checkout is no longer open',
  webhookSignatureInvalid: 'Invalid webhook signature',
  nameRequired: 'Name is required',
  emailInUse: 'This e-mail address is already used by another account',
  emailChangeTakenMeanwhile: 'This e-mail address was registered by another account in the meantime. Your e-mail address was not changed.',
  emailChangeNonePending: 'No e-mail change is waiting for confirmation.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'The current password is incorrect',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  avatarRequired: 'Choose a picture to upload',
  avatarInvalidType: 'The picture must be a PNG, JPEG or WebP image',
  avatarTooLarge: 'The picture must be at most {{maximum}} MB',
  // Research exchange and library (issue 5).
  researchTitleArRequired: 'Title in Arabic is required',
  researchTitleEnRequired: 'Title in English is required',
  researchDescriptionArRequired: 'Description in Arabic is required',
  researchDescriptionEnRequired: 'Description in English is required',
  researchAbstractRequired: 'Abstract is required',
  researchCategoryRequired: 'Category is required',
  researchCategoryUnknown: 'Choose a category from the list',
  researchOtherCategoryRequired: 'Please enter the category of your research',
  researchTypeRequired: 'Research type is required',
  researchFileRequired: 'Research file is required',
  researchImageRequired: 'Research image is required',
  researchTermsRequired: 'You must agree to the privacy and content policy',
  researchFileType: 'The research file must be a PDF document',
  researchImageType: 'The research image must be a JPEG, PNG or WebP picture',
  fileTooLarge: 'The file must be at most {{maximum}} MB',
  imageTooManyPixels: 'The picture has too many pixels: at most {{maximum}} megapixels',
  imageUnreadable: 'The picture could not be read: the file is damaged or not a real picture',
  malformedMultipart: 'The form could not be read: the upload is incomplete or malformed',
  uploadTimedOut: 'The upload stopped sending data and was cancelled',
  researchNotEditable: 'A decision has already been taken on this research: it can no longer be edited.',
  researchInvalidTransition: 'This change of status is not allowed for this research.',
  reviewReasonRequired: 'Please give a reason',
  reviewerUnknown: 'Choose an account that has the reviewer role.',
  supervisionSelf: 'You cannot be your own supervisor. Enter your supervisor’s e-mail address.',
  supervisionNothingToRemind: 'There is no invitation waiting for an answer: name a supervisor first.',
  supervisionRemindTooSoon: 'A reminder was sent recently. You can send another one from {{at}}.',
  supervisionWrongAccount: 'This invitation was sent to {{email}}. Sign in with that address to answer it.',
  supervisionAnswered: 'This invitation was already answered or withdrawn.',
  supervisionNotStudent: 'This student no longer waits for this answer.',
  libraryFileLinkExpired: 'This file link has expired. Open the file again from the book page.',
  // Accounts, sessions, captcha, contact and newsletter (issue: accounts).
  signInRequired: 'Please sign in.',
  genderRequired: 'Please choose male or female',
  registerCountryRequired: 'Country is required',
  captchaRequired: 'Please complete the anti-spam check.',
  captchaInvalid: 'The anti-spam check failed or expired. Please try again.',
  emailTaken: 'An account with this e-mail already exists. Please sign in or reset your password.',
  otpWrong: 'Invalid OTP. Please try again.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpLocked: 'Too many wrong codes. Please request a new code.',
  otpResendTooSoon: 'Please wait {{seconds}} seconds before requesting another code.',
  otpResendLimit: 'Too many codes were requested. Please try again in {{minutes}} minutes.',
  loginFailed: 'Invalid e-mail or password.',
  emailUnverified: 'Please verify your e-mail first. We sent you a new code.',
  loginRateLimited: 'Too many sign-in attempts. Please try again in {{minutes}} minutes.',
  accountSuspended: 'This account is suspended. Please contact support.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  crossSiteRefused: 'This request came from another site and was refused.',
  resetTokenInvalid: 'This reset link or code is invalid or has expired. Please start again.',
  contactRateLimited: 'You have sent several messages already. Please try again in {{minutes}} minutes.',
  newsletterAlreadySubscribed: 'You are already subscribed.',
  setupLinkInvalid: 'This setup link is not valid: it was used, has expired or was replaced by a newer one. Restart the site to get a new link.',
  setupAdministratorExists: 'The platform already has an administrator. Ask them for a role, or sign in.',
  operatorSecretInvalid: 'This call needs the operator secret of the running site.',
  roleAccountUnknown: 'No account has this e-mail address.',
  supervisionLinkInvalid: 'This invitation link is not valid. Ask the student to send a new one.',
  suspensionEndInvalid: 'Enter a valid end date in the future, or none.',
};

export type ValidationMessageName = keyof typeof en;
/** A full key as used in schemas and API answers, e.g. `validation.fullNameRequired`. */
export type ValidationMessageKey = `validation.${ValidationMessageName}`;

const ar: typeof en = {
  fullNameRequired: 'الاسم الكامل مطلوب',
  emailRequired: 'البريد الإلكتروني مطلوب',
  emailInvalid: 'صيغة البريد الإلكتروني غير صحيحة',
  phoneRequired: 'رقم الهاتف مطلوب',
  phoneInvalid: 'صيغة رقم الهاتف غير صحيحة',
  messageRequired: 'الرسالة مطلوبة',
  newsletterEmailInvalid: 'يرجى إدخال بريد إلكتروني صالح.',
  otpInvalid: 'يرجى إدخال رمز تحقق صالح مكوّن من 6 أرقام.',
  passwordsDoNotMatch: 'كلمتا المرور غير متطابقتين.',
  passwordRequired: 'كلمة المرور مطلوبة',
  passwordTooShort: 'يجب أن تتكون كلمة المرور من {{minimum}} أحرف على الأقل.',
  required: 'هذا الحقل مطلوب',
  invalidInput: 'مدخلات غير صالحة',
  mustBeNumber: 'يجب أن تكون القيمة رقمًا',
  mustBeInteger: 'يجب أن تكون القيمة عددًا صحيحًا',
  mustBeText: 'يجب أن تكون القيمة نصًا',
  mustBeBoolean: 'يجب أن تكون القيمة صحيحة أو خاطئة',
  mustBeList: 'يجب أن تكون القيمة قائمة',
  minNumber: 'يجب ألا تقل القيمة عن {{minimum}}',
  maxNumber: 'يجب ألا تزيد القيمة على {{maximum}}',
  numberOutOfRange: 'الرقم خارج النطاق المسموح',
  minLength: 'يجب ألا يقل النص عن {{minimum}} حرفًا',
  maxLength: 'يجب ألا يزيد النص على {{maximum}} حرفًا',
  minItems: 'اختر {{minimum}} على الأقل',
  maxItems: 'اختر {{maximum}} على الأكثر',
  invalidOption: 'يجب أن تكون القيمة إحدى: {{values}}',
  invalidFormat: 'الصيغة غير صحيحة',
  unknownField: 'حقل غير معروف',
  bodyRequired: 'محتوى الطلب مطلوب',
  bodyMustBeObject: 'يجب أن يكون محتوى الطلب كائن JSON',
  invalidJson: 'محتوى الطلب ليس بصيغة JSON صحيحة',
  invalidCharacters: 'يحتوي الطلب على حرف غير مسموح به (NUL)',
  nestedTooDeep: 'محتوى الطلب متداخل أكثر من اللازم (الحد الأقصى {{maximum}} مستوى)',
  uriTooLong: 'العنوان طويل جدًا',
  payloadTooLarge: 'حجم الطلب كبير جدًا',
  unsupportedMediaType: 'نوع المحتوى غير مدعوم',
  notFound: 'غير موجود',
  methodNotAllowed: 'الطريقة غير مسموح بها',
  unauthorized: 'يرجى تسجيل الدخول للمتابعة',
  forbidden: 'غير مسموح لك بتنفيذ هذا الإجراء',
  conflict: 'هذا العنصر موجود بالفعل',
  tooManyRequests: 'عدد كبير من الطلبات. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  serverError: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
  serviceUnavailable: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.',
  chatMessageRequired: 'اكتب رسالة أولًا.',
  chatMessageTooLong: 'يجب ألا تزيد الرسالة على {{maximum}} حرف.',
  chatRateLimited: 'أنت ترسل الرسائل بسرعة كبيرة. يرجى الانتظار {{seconds}} ثانية ثم المحاولة مرة أخرى.',
  chatDeleteForbidden: 'لا يحذف الرسالة إلا مرسلها أو أحد المشرفين.',
  researchFileLinkExpired: 'انتهت صلاحية رابط الملف. افتح الملف مرة أخرى من صفحة البحث.',
  academicLevelRequired: 'المستوى الأكاديمي مطلوب',
  majorFieldRequired: 'التخصص مطلوب',
  universityRequired: 'الجامعة مطلوبة',
  universityEmailRequired: 'البريد الإلكتروني الجامعي مطلوب',
  universityEmailPersonal: 'يرجى استخدام بريدك الإلكتروني الجامعي لا بريدًا شخصيًا',
  countryRequired: 'بلد الإقامة مطلوب',
  conferenceTitleRequired: 'عنوان المؤتمر مطلوب',
  mainLanguageRequired: 'اللغة الرئيسية مطلوبة',
  proposedDateRequired: 'تاريخ البدء المقترح مطلوب',
  proposedDateInvalid: 'أدخل تاريخًا صحيحًا',
  proposedDateFuture: 'يجب أن يكون التاريخ المقترح في المستقبل',
  durationRequired: 'المدة بالأيام مطلوبة',
  durationMin: 'يجب ألا تقل المدة عن يوم واحد',
  durationMax: 'يجب ألا تزيد المدة على {{maximum}} يومًا',
  locationTypeRequired: 'نوع الانعقاد مطلوب',
  venueRequired: 'مكان الانعقاد مطلوب',
  objectivesRequired: 'الأهداف مطلوبة',
  decisionReasonRequired: 'يرجى ذكر سبب الرفض',
  timezoneInvalid: 'منطقة زمنية غير معروفة',
  conferenceAlreadyRegistered: 'أنت مسجّل في هذا المؤتمر بالفعل.',
  conferenceRegistrationClosed: 'التسجيل في هذا المؤتمر مغلق.',
  conferenceEnded: 'انتهى هذا المؤتمر بالفعل.',
  conferenceRequestNotEditable: 'تمت مراجعة هذا الطلب ولم يعد تعديله ممكنًا.',
  conferenceRequestAlreadyDecided: 'تم اتخاذ قرار بشأن هذا الطلب بالفعل.',
  conferenceRequestNotApproved: 'لا يمكن نشر إلا الطلبات المقبولة.',
  conferenceRequestAlreadyPublished: 'تم نشر هذا الطلب كمؤتمر بالفعل.',
  subscriptionRequired: 'تحتاج إلى اشتراك فعّال لعرض هذه الصفحة',
  alreadySubscribed: 'لديك اشتراك نشط بالفعل. يُرجى زيارة لوحة التحكم لإدارته.',
  activeSubscriptionExists: 'لديك اشتراك نشط بالفعل. إذا تابعت فستحصل على مزايا الاشتراكين معًا.',
  subscriptionCreateFailed: 'حدث خطأ أثناء إنشاء الاشتراك',
  planUnavailable: 'هذه الخطة غير متاحة',
  subscriptionForOtherUser: 'يمكنك شراء اشتراك لحسابك أنت فقط',
  checkoutNotYours: 'لا يُكمل عملية الدفع هذه إلا الحساب الذي بدأها ومن المتصفح نفسه',
  checkoutClosed: 'صفحة الدفع هذه لم تعد متاحة',
  webhookSignatureInvalid: 'توقيع الإشعار غير صالح',
  nameRequired: 'الاسم مطلوب',
  emailInUse: 'عنوان البريد الإلكتروني هذا مستخدم في حساب آخر',
  emailChangeTakenMeanwhile: 'سُجّل هذا البريد الإلكتروني في حساب آخر في هذه الأثناء. لم يتغير بريدك الإلكتروني.',
  emailChangeNonePending: 'لا يوجد تغيير للبريد الإلكتروني بانتظار التأكيد.',
  currentPasswordRequired: 'أدخل كلمة المرور الحالية',
  currentPasswordWrong: 'كلمة المرور الحالية غير صحيحة',
  newPasswordSameAsCurrent: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية',
  avatarRequired: 'اختر صورة لرفعها',
  avatarInvalidType: 'يجب أن تكون الصورة بصيغة PNG أو JPEG أو WebP',
  avatarTooLarge: 'يجب ألا يزيد حجم الصورة على {{maximum}} ميغابايت',
  researchTitleArRequired: 'العنوان بالعربية مطلوب',
  researchTitleEnRequired: 'العنوان بالإنجليزية مطلوب',
  researchDescriptionArRequired: 'الوصف بالعربية مطلوب',
  researchDescriptionEnRequired: 'الوصف بالإنجليزية مطلوب',
  researchAbstractRequired: 'الملخص مطلوب',
  researchCategoryRequired: 'التصنيف مطلوب',
  researchCategoryUnknown: 'اختر تصنيفًا من القائمة',
  researchOtherCategoryRequired: 'يرجى كتابة تصنيف بحثك',
  researchTypeRequired: 'نوع البحث مطلوب',
  researchFileRequired: 'ملف البحث مطلوب',
  researchImageRequired: 'صورة البحث مطلوبة',
  researchTermsRequired: 'يجب الموافقة على سياسة الخصوصية والمحتوى',
  researchFileType: 'يجب أن يكون ملف البحث مستند PDF',
  researchImageType: 'يجب أن تكون صورة البحث بصيغة JPEG أو PNG أو WebP',
  fileTooLarge: 'يجب ألا يزيد حجم الملف على {{maximum}} ميغابايت',
  imageTooManyPixels: 'عدد بكسلات الصورة كبير جدًا: الحد الأقصى {{maximum}} ميغابكسل',
  imageUnreadable: 'تعذّرت قراءة الصورة: الملف تالف أو ليس صورة حقيقية',
  malformedMultipart: 'تعذّرت قراءة النموذج: الرفع غير مكتمل أو بصيغة غير صحيحة',
  uploadTimedOut: 'توقف الرفع عن إرسال البيانات فأُلغي',
  researchNotEditable: 'صدر قرار بشأن هذا البحث ولم يعد تعديله ممكنًا.',
  researchInvalidTransition: 'لا يُسمح بهذا التغيير في حالة هذا البحث.',
  reviewReasonRequired: 'يرجى ذكر السبب',
  reviewerUnknown: 'اختر حسابًا لديه صلاحية المحكّم.',
  supervisionSelf: 'لا يمكنك أن تكون مشرفًا على نفسك. أدخل البريد الإلكتروني لمشرفك.',
  supervisionNothingToRemind: 'لا توجد دعوة بانتظار الرد: حدّد مشرفًا أولًا.',
  supervisionRemindTooSoon: 'أُرسل تذكير مؤخرًا. يمكنك إرسال تذكير آخر ابتداءً من {{at}}.',
  supervisionWrongAccount: 'أُرسلت هذه الدعوة إلى {{email}}. سجّل الدخول بهذا العنوان للرد عليها.',
  supervisionAnswered: 'تم الرد على هذه الدعوة أو سحبها من قبل.',
  supervisionNotStudent: 'لم يعد هذا الطالب بانتظار هذا الرد.',
  libraryFileLinkExpired: 'انتهت صلاحية رابط الملف. افتح الملف مرة أخرى من صفحة الكتاب.',
  signInRequired: 'يرجى تسجيل الدخول.',
  genderRequired: 'يرجى اختيار ذكر أو أنثى',
  registerCountryRequired: 'الدولة مطلوبة',
  captchaRequired: 'يرجى إكمال التحقق من أنك لست برنامجًا آليًا.',
  captchaInvalid: 'فشل التحقق من أنك لست برنامجًا آليًا أو انتهت صلاحيته. يرجى المحاولة مرة أخرى.',
  emailTaken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل. يرجى تسجيل الدخول أو إعادة تعيين كلمة المرور.',
  otpWrong: 'رمز التحقق غير صحيح. يرجى المحاولة مرة أخرى.',
  otpExpired: 'انتهت صلاحية هذا الرمز. يرجى طلب رمز جديد.',
  otpLocked: 'أدخلت رموزًا خاطئة مرات كثيرة. يرجى طلب رمز جديد.',
  otpResendTooSoon: 'يرجى الانتظار {{seconds}} ثانية قبل طلب رمز آخر.',
  otpResendLimit: 'طلبت رموزًا كثيرة. يرجى المحاولة بعد {{minutes}} دقيقة.',
  loginFailed: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  emailUnverified: 'يرجى تأكيد بريدك الإلكتروني أولًا. أرسلنا إليك رمزًا جديدًا.',
  loginRateLimited: 'محاولات تسجيل دخول كثيرة. يرجى المحاولة بعد {{minutes}} دقيقة.',
  accountSuspended: 'هذا الحساب موقوف. يرجى التواصل مع الدعم.',
  sessionExpired: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  crossSiteRefused: 'رُفض هذا الطلب لأنه صادر من موقع آخر.',
  resetTokenInvalid: 'رابط أو رمز إعادة التعيين غير صالح أو منتهي الصلاحية. يرجى البدء من جديد.',
  contactRateLimited: 'لقد أرسلت عدة رسائل بالفعل. يرجى المحاولة بعد {{minutes}} دقيقة.',
  newsletterAlreadySubscribed: 'أنت مشترك بالفعل.',
  setupLinkInvalid: 'رابط الإعداد هذا غير صالح: استُخدم أو انتهت صلاحيته أو حلّ محله رابط أحدث. أعد تشغيل الموقع للحصول على رابط جديد.',
  setupAdministratorExists: 'للمنصة مسؤول بالفعل. اطلب منه صلاحية أو سجّل الدخول.',
  operatorSecretInvalid: 'يحتاج هذا الطلب إلى السر التشغيلي للموقع قيد التشغيل.',
  roleAccountUnknown: 'لا يوجد حساب بهذا البريد الإلكتروني.',
  supervisionLinkInvalid: 'رابط الدعوة هذا غير صالح. اطلب من الطالب إرسال دعوة جديدة.',
  suspensionEndInvalid: 'أدخل تاريخ انتهاء صحيحًا في المستقبل، أو اتركه فارغًا.',
};

/** `{ en, ar }`: name (without the `validation.` prefix) to text. */
export const validationMessages: Record<Locale, typeof en> = { en, ar };

/**
 * Messages that report a success (answered with `status: true`): keys `success.<name>`. Apart from
 * the refusals above, so a key says what it is.
 */
const enSuccess = {
  conferenceRegistered: 'You are registered. A confirmation email with the calendar file is on its way.',
  conferenceRequestSubmitted: 'Your conference request was sent. We will email you our decision.',
  conferenceRequestUpdated: 'Your conference request was updated.',
  conferenceRequestDecided: 'The decision was saved and the requester was informed by email.',
  conferencePublished: 'The conference was published.',
  profileUpdated: 'Your profile was updated.',
  emailChangeCodeSent: 'Your profile was saved. We sent a 6-digit code to {{email}}: enter it to confirm the new address. Until then your e-mail address stays the same.',
  emailChangeConfirmed: 'Your e-mail address is now {{email}}.',
  emailChangeCanceled: 'The e-mail change was canceled. Your e-mail address stays the same.',
  passwordChanged: 'Your password was changed.',
  avatarUpdated: 'Your picture was updated.',
  avatarRemoved: 'Your picture was removed.',
  researchSubmitted: 'Your research was submitted for review. Expect a decision within 2-3 weeks.',
  researchUpdated: 'Your research was updated.',
  reviewSaved: 'The decision was saved and the author was informed by email.',
  researchResubmitted: 'Your research was updated and sent back for review. Expect a decision within 2-3 weeks.',
  reviewAssigned: 'The submission was assigned to {{name}}.',
  reviewUnassigned: 'The submission is no longer assigned.',
  supervisionInvited: 'We sent an invitation to {{email}}. Your master’s or doctoral work waits for their answer.',
  supervisionReminded: 'We sent the invitation to {{email}} again.',
  supervisionAccepted: 'You are now the supervisor of {{name}}. Their work waiting for you is in your queue.',
  supervisionDeclined: 'You declined. {{name}} was informed and can name someone else.',
  registered: 'Your account was created. We sent a 6-digit code to your e-mail.',
  otpResent: 'New OTP sent to your email.',
  emailVerified: 'Your e-mail is verified. Welcome!',
  otpVerified: 'Code verified. Choose your new password.',
  loginSucceeded: 'Signed in successfully.',
  signedOut: 'You are signed out.',
  resetEmailSent: 'If an account exists for this e-mail, we sent it a code and a link to reset the password.',
  passwordResetDone: 'Your password was changed. Please sign in with your new password.',
  contactSent: 'Message sent successfully!',
  newsletterSubscribed: 'You have successfully subscribed!',
  setupDone: 'You are the administrator of the platform. Sign in to open the operator console.',
  roleGranted: 'The role was granted.',
  roleRevoked: 'The role was revoked.',
  roleUnchanged: 'Nothing changed: the account already was so.',
};

const arSuccess: typeof enSuccess = {
  conferenceRegistered: 'تم تسجيلك بنجاح. ستصلك رسالة تأكيد بالبريد الإلكتروني مع ملف التقويم.',
  conferenceRequestSubmitted: 'تم إرسال طلب المؤتمر. سنراسلك بالقرار عبر البريد الإلكتروني.',
  conferenceRequestUpdated: 'تم تحديث طلب المؤتمر.',
  conferenceRequestDecided: 'تم حفظ القرار وإبلاغ صاحب الطلب بالبريد الإلكتروني.',
  conferencePublished: 'تم نشر المؤتمر.',
  profileUpdated: 'تم تحديث ملفك الشخصي.',
  emailChangeCodeSent: 'تم حفظ ملفك الشخصي. أرسلنا رمزًا من 6 أرقام إلى {{email}}: أدخله لتأكيد العنوان الجديد. يبقى بريدك الإلكتروني كما هو حتى ذلك الحين.',
  emailChangeConfirmed: 'أصبح بريدك الإلكتروني {{email}}.',
  emailChangeCanceled: 'تم إلغاء تغيير البريد الإلكتروني. يبقى بريدك الإلكتروني كما هو.',
  passwordChanged: 'تم تغيير كلمة المرور.',
  avatarUpdated: 'تم تحديث صورتك.',
  avatarRemoved: 'تمت إزالة صورتك.',
  researchSubmitted: 'تم إرسال بحثك للتحكيم. يصدر القرار خلال أسبوعين إلى ثلاثة أسابيع.',
  researchUpdated: 'تم تحديث بحثك.',
  reviewSaved: 'تم حفظ القرار وإبلاغ الباحث بالبريد الإلكتروني.',
  researchResubmitted: 'تم تحديث بحثك وإعادة إرساله للتحكيم. يصدر القرار خلال أسبوعين إلى ثلاثة أسابيع.',
  reviewAssigned: 'أُسند البحث إلى {{name}}.',
  reviewUnassigned: 'لم يعد البحث مسندًا إلى أحد.',
  supervisionInvited: 'أرسلنا دعوة إلى {{email}}. ينتظر بحثك للماجستير أو الدكتوراه رده.',
  supervisionReminded: 'أعدنا إرسال الدعوة إلى {{email}}.',
  supervisionAccepted: 'أصبحت مشرفًا على {{name}}. الأبحاث التي تنتظر موافقتك في قائمتك.',
  supervisionDeclined: 'رفضت الدعوة. أُبلغ {{name}} ويمكنه تحديد مشرف آخر.',
  registered: 'تم إنشاء حسابك. أرسلنا رمزًا مكوّنًا من 6 أرقام إلى بريدك الإلكتروني.',
  otpResent: 'تم إرسال رمز تحقق جديد إلى بريدك الإلكتروني.',
  emailVerified: 'تم تأكيد بريدك الإلكتروني. أهلًا بك!',
  otpVerified: 'تم التحقق من الرمز. اختر كلمة المرور الجديدة.',
  loginSucceeded: 'تم تسجيل الدخول بنجاح.',
  signedOut: 'تم تسجيل خروجك.',
  resetEmailSent: 'إذا كان هناك حساب بهذا البريد الإلكتروني، فقد أرسلنا إليه رمزًا ورابطًا لإعادة تعيين كلمة المرور.',
  passwordResetDone: 'تم تغيير كلمة المرور. يرجى تسجيل الدخول بكلمة المرور الجديدة.',
  contactSent: 'تم إرسال الرسالة بنجاح!',
  newsletterSubscribed: 'تم اشتراكك بنجاح!',
  setupDone: 'أصبحت مسؤول المنصة. سجّل الدخول لفتح لوحة الإدارة.',
  roleGranted: 'تم منح الصلاحية.',
  roleRevoked: 'تم سحب الصلاحية.',
  roleUnchanged: 'لم يتغير شيء: الحساب كان كذلك بالفعل.',
};

/** `{ en, ar }`: name (without the `success.` prefix) to text. */
export const successMessages: Record<Locale, typeof enSuccess> = { en: enSuccess, ar: arSuccess };

export type SuccessMessageName = keyof typeof enSuccess;
/** A success an API answer reports, e.g. `success.profileUpdated`. */
export type SuccessMessageKey = `success.${SuccessMessageName}`;
/** Every key the API answers with: a refusal (`validation.*`) or a success (`success.*`). */
export type ServerMessageKey = ValidationMessageKey | SuccessMessageKey;

export type MessageParams = Record<string, string | number | boolean | readonly unknown[] | null | undefined>;

const PREFIX = 'validation.';
const SUCCESS_PREFIX = 'success.';
const own = (map: object, name: string) => Object.prototype.hasOwnProperty.call(map, name);

/** `validation.fullNameRequired` -> `fullNameRequired`, or undefined when the key is not ours. */
export function messageName(key: string): ValidationMessageName | undefined {
  const name = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
  return own(en, name) ? (name as ValidationMessageName) : undefined;
}

export function isValidationMessageKey(key: unknown): key is ValidationMessageKey {
  return typeof key === 'string' && key.startsWith(PREFIX) && messageName(key) !== undefined;
}

function formatParam(value: MessageParams[string]): string {
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  return value === null || value === undefined ? '' : String(value);
}

function templateOf(locale: Locale, key: string): string | undefined {
  if (key.startsWith(SUCCESS_PREFIX)) {
    const name = key.slice(SUCCESS_PREFIX.length);
    return own(enSuccess, name) ? successMessages[locale][name as SuccessMessageName] : undefined;
  }
  const name = messageName(key);
  return name ? validationMessages[locale][name] : undefined;
}

/**
 * The text of `key` (`validation.x`, `success.x`, or a bare validation name `x`) in `locale` with
 * `{{param}}` placeholders filled. Unknown keys come back unchanged (like i18next).
 */
export function translateMessage(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = templateOf(locale, key);
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, param: string) =>
    Object.prototype.hasOwnProperty.call(params, param) ? formatParam(params[param]) : whole,
  );
}
