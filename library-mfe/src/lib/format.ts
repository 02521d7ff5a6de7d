import { LOCALES, type Locale } from '@scholars/shared-contracts';

/** The name in the interface language (spec: Arabic fields in Arabic, `*_en` otherwise). */
export function localized(item: { name: string; name_en: string } | null | undefined, locale: Locale): string | null {
  if (!item) return null;
  return locale === 'ar' ? item.name || item.name_en : item.name_en || item.name;
}

/** A date (ISO timestamp) written in the locale, e.g. "15 Mar 2026" / "١٥ مارس ٢٠٢٦". */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  return new Intl.DateTimeFormat(LOCALES[locale].intl, { dateStyle: 'medium' }).format(date);
}


export function formatPercent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALES[locale].intl, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}


/** Saves text as a file in the browser (citation export): a Blob link clicked once. */
export function saveTextFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
