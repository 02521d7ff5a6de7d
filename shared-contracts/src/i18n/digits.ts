/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits. */
const NON_ASCII_DIGITS_RE = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The ASCII digits of `value`: what an Arabic keyboard types (٠٥٠ for 050) is read as the number it
 * is, in search terms, phone numbers and codes alike. Both blocks end in their digit's value.
 */
export function asciiDigits(value: string): string {
  return value.replace(NON_ASCII_DIGITS_RE, (ch) => String((ch.charCodeAt(0) & 0x0f) % 10));
}

/**
 * The number typed in a numeric field, in either language: Arabic-Indic digits and the Arabic
 * decimal separator (٫) are read as the number they are. Empty or not a plain decimal number: NaN,
 * which the form's schema names. Numeric fields are text fields for this reason: Chromium's
 * `type="number"` drops Arabic-Indic digits as they are typed, so an Arabic keyboard typed nothing.
 */
export function typedNumber(value: string | number): number {
  // A form library hands back the number it was given (react-hook-form's default values).
  if (typeof value === 'number') return value;
  const text = asciiDigits(value).replace(/\u066B/g, '.').trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
