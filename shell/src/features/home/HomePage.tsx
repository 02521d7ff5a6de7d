import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

// Spec 2: feature card links in this order.
const FEATURES = [
  { key: 'conferences', to: ROUTES.conferences(1) },
  { key: 'events', to: ROUTES.conferences(2) },
  { key: 'exchange', to: ROUTES.researchExchange },
  { key: 'community', to: '/community' },
  { key: 'library', to: ROUTES.researchLibrary },
  { key: 'consultation', to: ROUTES.conferences(1) },
  { key: 'supervision', to: '/community' },
  { key: 'bilingual', to: ROUTES.home },
] as const;

/** Home page skeleton: hero and feature cards (the other sections come with the shell issue). */
export function HomePage() {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="home-page">
      <section className="bg-gradient-to-b from-emerald-900 to-emerald-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-bold md:text-5xl">{t('home.title')}</h1>
          <p className="mt-4 text-xl text-emerald-100">{t('home.subtitle')}</p>
          <p className="mx-auto mt-4 max-w-2xl text-emerald-50">{t('home.description')}</p>
          <Link to={ROUTES.contact} className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-emerald-900 hover:bg-emerald-50">{t('home.cta')}</Link>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-2xl font-bold">{t('home.featuresTitle')}</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, to }) => (
            <li key={key}>
              <Link to={to} data-testid="feature-card" className="block h-full rounded-xl border border-slate-200 p-5 hover:border-emerald-500 hover:shadow dark:border-slate-800">
                <h3 className="font-semibold text-emerald-800 dark:text-emerald-300">{t(`home.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`home.features.${key}.description`)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div id="pricing" />
      <div id="contact" />
    </div>
  );
}
