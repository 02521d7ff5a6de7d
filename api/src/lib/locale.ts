import type { MessageLocale } from '@scholars/shared-contracts/schemas';

export type Locale = MessageLocale;

/**
 * The answer language from an Accept-Language header: the supported language (ar or en) with the
 * highest q-value, ties going to the earlier one; default en (spec 9).
 * `ar`, `ar-AE`, `fr, ar;q=0.5` give ar; `en-GB,ar;q=0.8`, `fr`, missing give en.
 */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary !== 'ar' && primary !== 'en') continue;
    let q = 1;
    for (const param of params) {
      const [name, raw] = param.split('=');
      if (name?.trim() === 'q' && raw !== undefined) {
        const parsed = Number(raw.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    if (q > 0 && (!best || q > best.q)) best = { locale: primary, q };
  }
  return best?.locale ?? 'en';
}
