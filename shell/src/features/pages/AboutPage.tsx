import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { AboutPage as AboutContent } from '@scholars/shared-contracts/schemas';
import { localizedField } from '@scholars/shared-contracts/locale';
import { RemoteFailure } from '../../app/remote/RemoteFailure';
import { PUBLIC_READS } from '../../lib/public-data';
import { usePublicData } from '../../lib/use-public-data';

/**
 * /about: founder message, mission, vision, objectives (spec 2), as edited in the console
 * (`GET pages/about`, served with the page by the shell's server: the first render has them).
 */
export function AboutPage() {
  const { t } = useTranslation('content');
  const { locale } = useLocale();
  const about = usePublicData<AboutContent>(PUBLIC_READS.about);
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" data-testid="shell-page" data-page="about">
      <h1 className="text-3xl font-bold">{t('about.title')}</h1>
      {about.status === 'failed' ? (
        <RemoteFailure remote="about" onRetry={about.retry} />
      ) : about.status === 'loading' ? (
        <div className="mt-3 min-h-[50vh]" aria-busy="true" data-testid="about-loading" />
      ) : (
        <>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{localizedField(about.data, 'lead', locale)}</p>
          <section className="mt-10 rounded-2xl bg-emerald-50 p-6 dark:bg-slate-900" aria-labelledby="founder">
            <h2 id="founder" className="text-xl font-semibold">{t('about.founderTitle')}</h2>
            <blockquote className="mt-3 whitespace-pre-line border-s-4 border-emerald-600 ps-4 text-slate-700 dark:text-slate-200">{localizedField(about.data, 'founder_message', locale)}</blockquote>
            <p className="mt-3 font-medium">{localizedField(about.data, 'founder_name', locale)}</p>
          </section>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <section aria-labelledby="mission" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
              <h2 id="mission" className="text-xl font-semibold">{t('about.missionTitle')}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="about-mission">{localizedField(about.data, 'mission', locale)}</p>
            </section>
            <section aria-labelledby="vision" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
              <h2 id="vision" className="text-xl font-semibold">{t('about.visionTitle')}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{localizedField(about.data, 'vision', locale)}</p>
            </section>
          </div>
          <section className="mt-10" aria-labelledby="objectives">
            <h2 id="objectives" className="text-xl font-semibold">{t('about.objectivesTitle')}</h2>
            <ol className="mt-4 list-decimal space-y-2 ps-6" data-testid="about-objectives">
              {about.data.objectives.map((objective, index) => (
                <li key={index}>{localizedField(objective, 'text', locale)}</li>
              ))}
            </ol>
          </section>
        </>
      )}
    </article>
  );
}
