import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Carousel, ROUTES } from '@scholars/shared-contracts';
import type { ResearchCommunityItem } from '@scholars/shared-contracts/schemas';
import { EmptyState } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchCarouselPage } from '../api/research-community';
import { ResearchCard } from '../components/ResearchCard';

/** Spec 7 values of the home page's community call. */
export const CAROUSEL_QUERY = { limit: 12, page: 1, col: 'name_en', search: '' } as const;

/** Spec 9: autoplay 5000 ms; 1 slide, 2 from 640 px, 3 from 1024 px; spacing 20 then 30. */
export const CAROUSEL_BREAKPOINTS = {
  640: { slidesPerView: 2, spaceBetween: 20 },
  1024: { slidesPerView: 3, spaceBetween: 30 },
};

type State = { status: 'loading' } | { status: 'ready'; items: ResearchCommunityItem[] };

/**
 * The home page's research community section (spec 2): a looping, autoplaying slider of cards
 * linking to /community/{id}. Public (the home page is); the details behind the links need
 * sign-in. A failed fetch is only logged (spec 8) and the slider shows its empty state.
 */
export function CommunityCarousel() {
  const { t } = useTranslation(NAMESPACE);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchCarouselPage(CAROUSEL_QUERY, { signal: controller.signal }).then(
      ({ data }) => setState({ status: 'ready', items: data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[community] community carousel failed', error);
        setState({ status: 'ready', items: [] });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="community-carousel-title" className="mx-auto max-w-7xl px-4 py-16" data-testid="home-community">
      <div className="mb-8 text-center">
        <h2 id="community-carousel-title" className="text-2xl font-bold">{t('carousel.title')}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{t('carousel.subtitle')}</p>
      </div>
      {state.status === 'loading' ? (
        <div className="h-96" aria-busy="true" />
      ) : state.items.length ? (
        <Carousel
          testId="community-carousel"
          label={t('carousel.label')}
          autoplayMs={5000}
          slidesPerView={1}
          spaceBetween={20}
          breakpoints={CAROUSEL_BREAKPOINTS}
          slides={state.items.map((item) => ({ key: item.id, content: <ResearchCard item={item} /> }))}
        />
      ) : (
        <EmptyState />
      )}
      <p className="mt-6 text-center">
        <Link to={ROUTES.researchCommunity} className="font-medium text-emerald-800 hover:underline dark:text-emerald-300">
          {t('carousel.all')}
        </Link>
      </p>
    </section>
  );
}
