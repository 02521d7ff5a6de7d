import { useTranslation } from 'react-i18next';

const OBJECTIVES = ['one', 'two', 'three', 'four', 'five'] as const;

/** /about: founder message, mission, vision, five objectives (spec 2). */
export function AboutPage() {
  const { t } = useTranslation('content');
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" data-testid="shell-page" data-page="about">
      <h1 className="text-3xl font-bold">{t('about.title')}</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{t('about.lead')}</p>
      <section className="mt-10 rounded-2xl bg-emerald-50 p-6 dark:bg-slate-900" aria-labelledby="founder">
        <h2 id="founder" className="text-xl font-semibold">{t('about.founderTitle')}</h2>
        <blockquote className="mt-3 border-s-4 border-emerald-600 ps-4 text-slate-700 dark:text-slate-200">{t('about.founderMessage')}</blockquote>
        <p className="mt-3 font-medium">{t('about.founderName')}</p>
      </section>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="mission" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
          <h2 id="mission" className="text-xl font-semibold">{t('about.missionTitle')}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('about.mission')}</p>
        </section>
        <section aria-labelledby="vision" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
          <h2 id="vision" className="text-xl font-semibold">{t('about.visionTitle')}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('about.vision')}</p>
        </section>
      </div>
      <section className="mt-10" aria-labelledby="objectives">
        <h2 id="objectives" className="text-xl font-semibold">{t('about.objectivesTitle')}</h2>
        <ol className="mt-4 list-decimal space-y-2 ps-6" data-testid="about-objectives">
          {OBJECTIVES.map((key) => (
            <li key={key}>{t(`about.objectives.${key}`)}</li>
          ))}
        </ol>
      </section>
    </article>
  );
}
