import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale, type Locale } from '@scholars/shared-contracts';
import type { ResearchDetails } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { looksArabic } from '@scholars/shared-contracts/ui';

function LanguageVersion({ research, language }: { research: ResearchDetails; language: Locale }) {
  const { t } = useTranslation(NAMESPACE);
  const ar = language === 'ar';
  return (
    <article lang={language} dir={ar ? 'rtl' : 'ltr'} data-testid={`abstract-${language}`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-emerald-700 dark:text-emerald-400">
        {ar ? t('abstract.languageAr') : t('abstract.languageEn')}
      </p>
      <h3 className="text-lg font-semibold">{ar ? research.name : research.name_en}</h3>
      <h4 className="mt-4 text-sm font-semibold text-slate-600 dark:text-slate-300">{t('abstract.summary', { lng: language })}</h4>
      <p className="mt-1 leading-relaxed">{ar ? research.description : research.description_en}</p>
    </article>
  );
}

/**
 * The abstract tab: title and summary in the current language first, the other language beside
 * it on request; the abstract as its author wrote it, in its own language and direction.
 */
export function AbstractTab({ research }: { research: ResearchDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [sideBySide, setSideBySide] = useState(false);
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  const abstractArabic = looksArabic(research.abstract);
  return (
    <section aria-labelledby="abstract-title" data-testid="abstract-tab">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="abstract-title" className="text-xl font-semibold">{t('abstract.abstract')}</h2>
        <button
          type="button"
          aria-pressed={sideBySide}
          onClick={() => setSideBySide((value) => !value)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          data-testid="abstract-toggle"
        >
          {sideBySide ? t('abstract.hideOther') : t('abstract.showOther')}
        </button>
      </div>
      <div className={`grid gap-4 ${sideBySide ? 'lg:grid-cols-2' : ''}`}>
        <LanguageVersion research={research} language={locale} />
        {sideBySide ? <LanguageVersion research={research} language={other} /> : null}
      </div>
      <div className="mt-6 rounded-xl bg-slate-50 p-5 dark:bg-slate-900">
        <p
          lang={abstractArabic ? 'ar' : 'en'}
          dir={abstractArabic ? 'rtl' : 'ltr'}
          className="whitespace-pre-line text-lg leading-loose text-slate-800 dark:text-slate-100"
          data-testid="abstract-text"
        >
          {research.abstract}
        </p>
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{t('abstract.abstractNote')}</p>
      </div>
    </section>
  );
}
