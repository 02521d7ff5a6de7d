import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

/** Footer skeleton (social links from site settings and the newsletter box come with the shell issue). */
export function Footer() {
  const { t } = useTranslation('shell');
  const linkClass = 'text-sm text-slate-300 hover:text-white';
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{t('brand')}</p>
          <p className="mt-2 text-sm text-slate-400">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.menu')}>
          <h2 className="mb-3 font-semibold text-white">{t('footer.menu')}</h2>
          <ul className="space-y-2">
            <li><Link className={linkClass} to={ROUTES.home}>{t('nav.home')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.about}>{t('nav.about')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.contact}>{t('nav.contact')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.conferences(1)}>{t('nav.conferences')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.resources')}>
          <h2 className="mb-3 font-semibold text-white">{t('footer.resources')}</h2>
          <ul className="space-y-2">
            <li><Link className={linkClass} to={ROUTES.researchCommunity}>{t('nav.community')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.researchLibrary}>{t('nav.library')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.researchExchange}>{t('nav.researchExchange')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.privacyPolicy}>{t('footer.privacy')}</Link></li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">{t('footer.copyright')}</p>
    </footer>
  );
}
