import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Carousel, fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import type { ConferenceListItem } from '@scholars/shared-contracts/schemas';
import { EmptyState } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchConferencePage } from '../api/conferences';
import { formatDate } from '@scholars/shared-contracts/locale';
import { excerpt, localized } from '../lib/format';

/**
 * Spec 7 asks for limit 8, page 1, col title: past events among the "upcoming" ones, in title
 * order. The next events come first instead (`upcoming`; past ones, latest first, fill the eight).
 */
export const EVENTS_REQUEST = { limit: 8, page: 1, col: 'upcoming', search: '' } as const;

function EventCard({ event }: { event: ConferenceListItem }) {
  const { locale, dir } = useLocale();
  const { title, description } = localized(event, locale);
  return (
    <article data-testid="event-card" data-id={event.id} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Link to={ROUTES.conference(event.id)} className="flex h-full flex-col focus-visible:outline-2 focus-visible:outline-emerald-600">
        {event.image ? (
          <img src={fileUrl(event.image)} alt="" width={640} height={320} loading="lazy" className="aspect-[2/1] w-full object-cover" />
        ) : (
          <div aria-hidden="true" className="aspect-[2/1] w-full bg-linear-to-br from-emerald-700 to-teal-500" />
        )}
        <div className="flex flex-1 flex-col gap-2 p-5" dir={dir}>
          {/* Spec 2: the start date in English, 'short month, day, year'. */}
          <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <time dateTime={event.start_date} dir="ltr" lang="en" data-testid="event-date">
              {formatDate(event.start_date, 'en', 'shortMonth', event.timezone)}
            </time>
          </p>
          <h3 className="text-lg font-semibold leading-snug text-slate-900 dark:text-slate-50">{title}</h3>
          <p data-testid="event-excerpt" className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">{excerpt(description)}</p>
        </div>
      </Link>
    </article>
  );
}

/**
 * The home page's events slider (spec 2 and 9): POST conference/paginate (limit 8, page 1, col
 * title), forced left-to-right, loop, autoplay 4000 ms, arrows, dots; 1 slide, 2 from 840 px, 3
 * from 1024 px. Empty list: the empty state. A failed fetch is only logged (spec 8).
 */
export function EventsCarousel() {
  const { t } = useTranslation(NAMESPACE);
  const [events, setEvents] = useState<ConferenceListItem[] | null>(null);

  useEffect(() => {
    let live = true;
    fetchConferencePage(EVENTS_REQUEST).then(
      (page) => live && setEvents(page.data),
      (error: unknown) => {
        console.error('[conferences] Could not load the events', error);
        if (live) setEvents([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (events === null) return null;
  return (
    <section aria-labelledby="events-title" data-testid="events-widget" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="events-title" className="text-center text-2xl font-bold text-slate-900 dark:text-slate-50">{t('events.title')}</h2>
      <p className="mx-auto mt-2 mb-8 max-w-2xl text-center text-slate-600 dark:text-slate-300">{t('events.subtitle')}</p>
      {events.length ? (
        <Carousel
          testId="events-carousel"
          label={t('events.label')}
          autoplayMs={4000}
          forceLtr
          slidesPerView={1}
          spaceBetween={16}
          breakpoints={{ 840: { slidesPerView: 2, spaceBetween: 20 }, 1024: { slidesPerView: 3, spaceBetween: 30 } }}
          slides={events.map((event) => ({ key: event.id, content: <EventCard event={event} /> }))}
        />
      ) : (
        <EmptyState />
      )}
    </section>
  );
}
