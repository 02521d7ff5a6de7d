import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_ANCHORS, ROUTES } from '@scholars/shared-contracts';
import { RemoteArea } from '../../app/remote/RemoteArea';
import { Hero } from './Hero';
import { FeatureCards } from './FeatureCards';
import { AboutSection } from './AboutSection';
import { TeamCarousel } from './TeamCarousel';
import { Faq } from './Faq';
import { AdsPopup } from './AdsPopup';
import { ContactSection } from './ContactSection';

function CallToAction() {
  const { t } = useTranslation('shell');
  return (
    <section className="bg-emerald-800 px-4 py-14 text-center text-white" data-testid="home-cta">
      <h2 className="text-2xl font-bold">{t('home.ctaTitle')}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-emerald-100">{t('home.ctaBody')}</p>
      <Link to={ROUTES.contact} className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-emerald-900 hover:bg-emerald-50">{t('home.cta')}</Link>
    </section>
  );
}

/**
 * The space each remote widget takes (about its usual height, mobile and desktop) until it is
 * mounted: the widgets come as the reader approaches them, and the page below should not jump.
 */
const WIDGET_SPACE = {
  community: 'min-h-[30rem]',
  events: 'min-h-[30rem]',
  pricing: 'min-h-[40rem]',
};

/**
 * Spec 2 order: hero, feature cards, about, research community, call to action, conferences,
 * team, FAQ, pricing (anchor), contact (anchor), ads pop-up. The community, events and pricing
 * sections are widgets of their remotes, fetched as the reader approaches them (issue 6); while a
 * remote does not expose its widget the slot is simply absent (failures are only logged, spec 8).
 */
export function HomePage() {
  // Each section after the hero is its own Suspense boundary: hydrating the prerendered page (on the
  // server nothing suspends) then runs in short tasks the browser can interleave with input, the
  // hero first, instead of one long task for the whole page (issue 6: total blocking time).
  return (
    <div data-testid="home-page">
      <Hero />
      <Suspense><FeatureCards /></Suspense>
      <Suspense><AboutSection /></Suspense>
      <Suspense><RemoteArea remote="community" expose="widgets" name="CommunityCarousel" quiet belowTheFold={WIDGET_SPACE.community} /></Suspense>
      <Suspense><CallToAction /></Suspense>
      <Suspense><RemoteArea remote="conferences" expose="widgets" name="EventsCarousel" quiet belowTheFold={WIDGET_SPACE.events} /></Suspense>
      <Suspense><TeamCarousel /></Suspense>
      <Suspense><Faq /></Suspense>
      <section id={HOME_ANCHORS.pricing} className="scroll-mt-20">
        <Suspense><RemoteArea remote="account" expose="widgets" name="PricingSection" quiet belowTheFold={WIDGET_SPACE.pricing} /></Suspense>
      </section>
      <Suspense><ContactSection /></Suspense>
      <Suspense><AdsPopup /></Suspense>
    </div>
  );
}
