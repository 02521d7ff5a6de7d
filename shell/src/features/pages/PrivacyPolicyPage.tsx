import { useTranslation } from 'react-i18next';

export const POLICY_POINTS = ['law', 'responsibility', 'review', 'republishing', 'harvesting', 'conduct', 'disclaimer', 'acceptance', 'amendments', 'data'] as const;

/** /privacy-policy: every point of spec 1, in both languages. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('content');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" data-testid="shell-page" data-page="privacy">
      <h1 className="text-3xl font-bold">{t('privacy.title')}</h1>
      <p className="mt-2 text-slate-500 dark:text-slate-400">{t('privacy.updated')}</p>
      <ol className="mt-8 space-y-6" data-testid="policy-points">
        {POLICY_POINTS.map((key, index) => (
          <li key={key} id={key}>
            <h2 className="text-lg font-semibold">{index + 1}. {t(`privacy.points.${key}.title`)}</h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{t(`privacy.points.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
