import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';
import { MadeBy } from './MadeBy';
import { NewsletterBox } from './NewsletterBox';
import { SocialLinks } from './SocialLinks';

/** Spec 2 footer: brand and social links, menu and resources lists, newsletter, copyright (this year, not the spec's fixed 2025), credit (the last from the site settings). */
export function Footer() {
  const { t } = useTranslation('shell');
  const settings = usePublicData<SiteSettings>(PUBLIC_READS.siteSettings);
  const linkClass = 'text-sm text-slate-300 hover:text-white';
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{t('brand')}</p>
          <p className="mt-2 text-sm text-slate-400">{t('footer.about')}</p>
          {settings.status === 'ready' ? <SocialLinks links={settings.data.social_links} /> : null}
        </div>
        <nav aria-labelledby="footer-menu">
          <h2 id="footer-menu" className="mb-3 font-semibold text-white">{t('footer.menu')}</h2>
          <ul className="space-y-2">
            <li><Link className={linkClass} to={ROUTES.home}>{t('nav.home')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.about}>{t('nav.about')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.contact}>{t('nav.contact')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.conferences(1)}>{t('nav.conferences')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.requestConference}>{t('nav.requestConference')}</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="mb-3 font-semibold text-white">{t('footer.resources')}</h2>
          <ul className="space-y-2">
            <li><Link className={linkClass} to={ROUTES.researchCommunity}>{t('nav.community')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.researchLibrary}>{t('nav.library')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.researchExchange}>{t('nav.researchExchange')}</Link></li>
            <li><Link className={linkClass} to={ROUTES.privacyPolicy}>{t('footer.privacy')}</Link></li>
          </ul>
        </nav>
        <NewsletterBox />
      </div>
      {/* On phones the back-to-top button floats over the last lines: room to scroll them out from under it. */}
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400 max-sm:pb-20">
        {/* The UTC year on the server and in the browser alike (hydration finds the same text). */}
        <p data-testid="footer-copyright">{t('footer.copyright', { year: String(new Date().getUTCFullYear()) })}</p>
        {settings.status === 'ready' ? <MadeBy credit={settings.data.made_by} /> : null}
      </div>
    </footer>
  );
}
