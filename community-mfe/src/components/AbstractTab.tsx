import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { directionOf, fieldIn, localeOfText, otherLocale, type Locale } from '@scholars/shared-contracts/locale';
import type { ResearchDetails } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';

function LanguageVersion({ research, language }: { research: ResearchDetails; language: Locale }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <article lang={language} dir={directionOf(language)} data-testid={`abstract-${language}`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-emerald-700 dark:text-emerald-400">
        {language === 'ar' ? t('abstract.languageAr') : t('abstract.languageEn')}
      </p>
      <h3 className="text-lg font-semibold">{fieldIn(research, 'name', language)}</h3>
      <h4 className="mt-4 text-sm font-semibold text-slate-600 dark:text-slate-300">{t('abstract.summary', { lng: language })}</h4>
      <p className="mt-1 leading-relaxed">{fieldIn(research, 'description', language)}</p>
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
  const other = otherLocale(locale);
  const abstractLocale = localeOfText(research.abstract);
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
          lang={abstractLocale}
          dir={directionOf(abstractLocale)}
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
