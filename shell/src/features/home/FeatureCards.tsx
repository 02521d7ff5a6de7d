import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

// Spec 2: the eight feature card links, in this order.
export const FEATURES = [
  { key: 'conferences', to: ROUTES.conferences(1), icon: 'M4 5h16v11H4zM9 20h6M12 16v4' },
  { key: 'events', to: ROUTES.conferences(2), icon: 'M5 4h14v16H5zM5 9h14M9 2v4M15 2v4' },
  { key: 'exchange', to: ROUTES.researchExchange, icon: 'M7 7h11l-3-3M17 17H6l3 3' },
  { key: 'community', to: ROUTES.community(), icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a5 5 0 0 1 10 0M11 20a5 5 0 0 1 10 0' },
  { key: 'library', to: ROUTES.researchLibrary, icon: 'M4 4h5v16H4zM10 4h4v16h-4zM15 5l4 1-3 14-4-1z' },
  { key: 'consultation', to: ROUTES.consultations, icon: 'M4 5h16v10H8l-4 4z' },
  { key: 'supervision', to: ROUTES.community(), icon: 'M5 12l4 4 10-10' },
  { key: 'bilingual', to: ROUTES.home, icon: 'M4 5h8M8 3v2M6 5c0 4 3 7 6 8M12 5c-1 4-4 7-8 8M13 21l4-10 4 10M14.5 17h5' },
] as const;

export function FeatureCards() {
  const { t } = useTranslation('shell');
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="features-title">
      <h2 id="features-title" className="text-center text-2xl font-bold">{t('home.featuresTitle')}</h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ key, to, icon }) => (
          <li key={key}>
            <Link to={to} data-testid="feature-card" className="block h-full rounded-xl border border-slate-200 p-5 hover:border-emerald-500 hover:shadow dark:border-slate-800">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-emerald-700 dark:text-emerald-400" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round"><path d={icon} /></svg>
              <h3 className="mt-3 font-semibold text-emerald-800 dark:text-emerald-300">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`home.features.${key}.description`)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
