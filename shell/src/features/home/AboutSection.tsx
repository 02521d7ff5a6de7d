import { useTranslation } from 'react-i18next';

const BULLETS = ['one', 'two', 'three', 'four'] as const;

/** Spec 2: about with four bullet points, a highlight figure and images. */
export function AboutSection() {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="about-title" className="bg-emerald-50/60 dark:bg-slate-900" data-testid="home-about">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 lg:grid-cols-2">
        <div>
          <h2 id="about-title" className="text-2xl font-bold">{t('home.aboutTitle')}</h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t('home.aboutLead')}</p>
          <ul className="mt-6 space-y-3">
            {BULLETS.map((key) => (
              <li key={key} className="flex gap-3">
                <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 rounded-full bg-emerald-600" />
                <span>{t(`home.aboutBullets.${key}`)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-8 inline-flex items-baseline gap-3 rounded-xl bg-white px-5 py-4 shadow-sm dark:bg-slate-800">
            <strong className="text-3xl text-emerald-700 dark:text-emerald-400">{t('home.highlightValue')}</strong>
            <span className="text-sm text-slate-600 dark:text-slate-300">{t('home.highlightLabel')}</span>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <img src="/images/about-conference.svg" alt={t('home.aboutImageAlt')} width={320} height={400} loading="lazy" className="h-auto w-full rounded-2xl" />
          <img src="/images/about-library.svg" alt={t('home.aboutImage2Alt')} width={320} height={400} loading="lazy" className="mt-10 h-auto w-full rounded-2xl" />
        </div>
      </div>
    </section>
  );
}
