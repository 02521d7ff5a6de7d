import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** A final route whose screen arrives with a later issue: a clear, localized placeholder. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16" data-testid="shell-page" data-page={titleKey}>
      <h1 className="text-3xl font-bold">{t(`pages.${titleKey}`)}</h1>
      {params.get('error') === 'session_expired' ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t('pages.sessionExpired')}</p>
      ) : null}
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        <strong>{t('pages.comingSoonTitle')}.</strong> {t('pages.comingSoonBody')}
      </p>
    </section>
  );
}
