/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits. */
const NON_ASCII_DIGITS_RE = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The ASCII digits of `value`: what an Arabic keyboard types (٠٥٠ for 050) is read as the number it
 * is, in search terms, phone numbers and codes alike. Both blocks end in their digit's value.
 */
export function asciiDigits(value: string): string {
  return value.replace(NON_ASCII_DIGITS_RE, (ch) => String((ch.charCodeAt(0) & 0x0f) % 10));
}
