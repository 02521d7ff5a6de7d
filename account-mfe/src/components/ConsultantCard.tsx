import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { ConsultantCard as Card } from '@scholars/shared-contracts/schemas';
import { formatDate, formatNumber, pickLocalized, viewerTimeZone, type Locale } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../i18n';
import { Avatar } from './Avatar';
import { Badge } from './Status';

/** The topics in the page's language (the other language's when the consultant wrote none in it). */
export function tagsIn(card: Pick<Card, 'tags' | 'tagsEn'>, locale: Locale): string[] {
  const own = locale === 'ar' ? card.tags : card.tagsEn;
  return own.length > 0 ? own : locale === 'ar' ? card.tagsEn : card.tags;
}

/** "4.5 of 5 (12)", or "No ratings yet". */
export function RatingLine({ rating }: { rating: Card['rating'] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (rating.count === 0 || rating.average === null) return <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="consultant-rating">{t('consultations.noRating')}</span>;
  const values = { average: formatNumber(rating.average, locale, { maximumFractionDigits: 1 }), count: formatNumber(rating.count, locale) };
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200" data-testid="consultant-rating" aria-label={t('consultations.ratingLabel', values)}>
      <span aria-hidden="true" className="text-amber-500">★</span>
      <span aria-hidden="true">{t('consultations.rating', values)}</span>
    </span>
  );
}

/** A consultant in a list: picture, name, fields, topics, languages, rating and the next free slot in the viewer's zone. */
export function ConsultantCard({ card }: { card: Card }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const zone = viewerTimeZone();
  return (
    <li data-testid="consultant-card" className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-4">
        <Avatar path={card.avatar} name={card.name} alt={card.name} />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-bold text-slate-900 dark:text-slate-50" data-testid="consultant-name">{card.name}</h3>
          <RatingLine rating={card.rating} />
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" data-testid="consultant-fields">
        {card.fields.map((field) => (
          <li key={field.id}><Badge tone="green">{pickLocalized(locale, field.name, field.nameEn)}</Badge></li>
        ))}
      </ul>
      {tagsIn(card, locale).length > 0 ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{tagsIn(card, locale).join(' · ')}</p> : null}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {card.languages.map((language) => t(`consultations.languages.${language}`)).join(' · ')} · {t('consultations.sessionLength', { minutes: formatNumber(card.sessionMinutes, locale) })}
      </p>
      <p className="mt-2 text-sm font-medium text-slate-800 dark:text-slate-100" data-testid="consultant-next-slot">
        {card.nextSlot ? t('consultations.nextSlot', { time: formatDate(card.nextSlot, locale, 'dateTime', zone) }) : t('consultations.noSlot')}
      </p>
      <div className="mt-auto pt-4">
        <Link to={ROUTES.consultant(card.id)} className="font-semibold text-emerald-700 hover:underline dark:text-emerald-400" data-testid="consultant-open">
          {t('consultations.view')}
          <span aria-hidden="true" className="ms-1 inline-block rtl:rotate-180">→</span>
        </Link>
      </div>
    </li>
  );
}
