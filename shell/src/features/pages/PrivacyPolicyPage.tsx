import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { PrivacyPolicy } from '@scholars/shared-contracts/schemas';
import { formatDate, localizedField } from '@scholars/shared-contracts/locale';
import { RemoteFailure } from '../../app/remote/RemoteFailure';
import { PUBLIC_READS } from '../../lib/public-data';
import { usePublicData } from '../../lib/use-public-data';

/**
 * /privacy-policy: every point of spec 1, in both languages, as management last amended it in the
 * console (`GET pages/privacy`), with the date of that amendment.
 */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('content');
  const { locale } = useLocale();
  const policy = usePublicData<PrivacyPolicy>(PUBLIC_READS.privacy);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" data-testid="shell-page" data-page="privacy">
      <h1 className="text-3xl font-bold">{t('privacy.title')}</h1>
      {policy.status === 'failed' ? (
        <RemoteFailure remote="privacy" onRetry={policy.retry} />
      ) : policy.status === 'loading' ? (
        <div className="mt-8 min-h-[50vh]" aria-busy="true" data-testid="privacy-loading" />
      ) : (
        <>
          {policy.data.updated_at ? (
            <p className="mt-2 text-slate-500 dark:text-slate-400" data-testid="policy-updated">
              {t('privacy.updated', { date: formatDate(policy.data.updated_at, locale, 'longDate') })}
            </p>
          ) : null}
          <ol className="mt-8 space-y-6" data-testid="policy-points">
            {policy.data.sections.map((section, index) => (
              <li key={index} id={`section-${index + 1}`}>
                <h2 className="text-lg font-semibold">{index + 1}. {localizedField(section, 'title', locale)}</h2>
                <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{localizedField(section, 'body', locale)}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}
