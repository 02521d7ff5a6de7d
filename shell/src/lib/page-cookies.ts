/**
 * The language and the applied theme, mirrored from localStorage into cookies so that the shell's
 * server can render the page (`<html lang dir class>` and the prerendered first screen) in them
 * before any script runs (issue 6). localStorage stays the source of truth (spec 3); the cookies
 * only tell the server. They are preferences, not identity: readable by scripts, first-party, Lax.
 */
export const PAGE_COOKIES = {
  /** 'en' or 'ar'. */
  language: 'scholars_lang',
  /** The theme as applied: 'light' or 'dark' ('system' resolved on the device). */
  theme: 'scholars_theme',
} as const;

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Writes one page cookie for a year (Secure on https). */
export function writePageCookie(name: (typeof PAGE_COOKIES)[keyof typeof PAGE_COOKIES], value: string, doc: Document = document) {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
