/**
 * Texts of the validation and error keys the shared zod schemas and the API use.
 *
 * A schema's error message is a key such as `validation.fullNameRequired`; the text lives here
 * under the same name without the `validation.` prefix. The front end merges these maps into
 * i18next (namespace `common`, subtree `validation`), so `t('common:validation.fullNameRequired')`
 * shows the text; the API answers with `translateMessage(locale, key, params)`.
 * Placeholders use the i18next syntax `{{name}}`.
 */

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
};

/** `{ en, ar }`: name (without the `validation.` prefix) to text. */
export const validationMessages: { en: typeof en; ar: typeof en } = { en, ar };

export type MessageLocale = keyof typeof validationMessages;
export type MessageParams = Record<string, string | number | boolean | readonly unknown[] | null | undefined>;

const PREFIX = 'validation.';

/** `validation.fullNameRequired` -> `fullNameRequired`, or undefined when the key is not ours. */
export function messageName(key: string): ValidationMessageName | undefined {
  const name = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
  return Object.prototype.hasOwnProperty.call(en, name) ? (name as ValidationMessageName) : undefined;
}

export function isValidationMessageKey(key: unknown): key is ValidationMessageKey {
  return typeof key === 'string' && key.startsWith(PREFIX) && messageName(key) !== undefined;
}

function formatParam(value: MessageParams[string]): string {
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The text of `key` (`validation.x` or `x`) in `locale` with `{{param}}` placeholders filled.
 * Unknown keys come back unchanged (like i18next).
 */
export function translateMessage(locale: MessageLocale, key: string, params: MessageParams = {}): string {
  const name = messageName(key);
  if (!name) return key;
  const template = validationMessages[locale][name] ?? validationMessages.en[name];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, param: string) =>
    Object.prototype.hasOwnProperty.call(params, param) ? formatParam(params[param]) : whole,
  );
}
