import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, SUPPORTED_LOCALES, normalizeLocale, setLocale, type Locale } from '@scholars/shared-contracts';

export function LanguageMenu({ id }: { id: string }) {
  const { t, i18n } = useTranslation('shell');
  // The language chosen while its texts are on their way (the switch waits for them).
  const [pending, setPending] = useState<Locale | null>(null);
  const choose = (locale: Locale) => {
    setPending(locale);
    setLocale(locale)
      .catch((error: unknown) => console.error('Could not switch the language', error))
      .finally(() => setPending(null));
  };
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor={id}>
      <span className="sr-only">{t('language.label')}</span>
      <select id={id} data-testid="language-menu" value={pending ?? normalizeLocale(i18n.language)} aria-busy={pending ? true : undefined} onChange={(event) => choose(normalizeLocale(event.target.value))} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALES[locale].nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
