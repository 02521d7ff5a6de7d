import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginRedirectPath, ROUTES, selectIsSignedIn, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import type { ConsultantPage } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, useAsync, useHydrated } from '@scholars/shared-contracts/ui';
import { Text } from '@scholars/shared-contracts/ui/text';
import { formatDate, pickLocalized, viewerTimeZone } from '@scholars/shared-contracts/locale';
import '../i18n/consultations';
import { NAMESPACE } from '../i18n';
import { fetchConsultant } from '../api/consultations';
import { Avatar } from '../components/Avatar';
import { RatingLine, tagsIn } from '../components/ConsultantCard';
import { Badge, SectionState, linkClass } from '../components/Status';
import { SlotPicker, type Slot } from './consultations/SlotPicker';
import { lazyPage } from '../lib/lazy-page';

// The booking form (react-hook-form and the shared zod schema) comes when a member picks a slot.
const BookingForm = lazyPage(() => import('./consultations/BookingForm').then((module) => module.BookingForm));

/**
 * /consultations/{id} (public): the consultant's bio in the page's language, fields, topics, rating
 * and reviews, and the free slots of the coming 4 weeks by the viewer's day, with the consultant's
 * local time beside each. A member picks one and books it; a visitor is sent to sign in and back.
 */
export function Consultant() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '' } = useParams();
  const consultant = useAsync((signal) => fetchConsultant(id, signal), [id]);
  usePageTitle(consultant.data ? consultant.data.name : consultant.data === null ? t('consultant.notFound') : t('consultations.title'));

  let body;
  if (consultant.status === 'failed') body = <SectionState state="failed" onRetry={consultant.reload} />;
  else if (consultant.data === undefined) body = <SectionState state="loading" />;
  else if (consultant.data === null) body = <p className="rounded-xl border border-slate-200 p-6 text-slate-700 dark:border-slate-800 dark:text-slate-200" data-testid="consultant-not-found">{t('consultant.notFound')}</p>;
  else body = <ConsultantPage consultant={consultant.data} onChanged={consultant.reload} />;

  return (
    <section className="mx-auto max-w-5xl px-4 py-12" data-testid="account-consultant">
      <Link to={ROUTES.consultations} className={linkClass}>
        <span aria-hidden="true" className="me-1 inline-block rtl:rotate-180">←</span>
        {t('consultant.back')}
      </Link>
      <div className="mt-6">{body}</div>
    </section>
  );
}

function ConsultantPage({ consultant, onChanged }: { consultant: ConsultantPage; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const location = useLocation();
  const signedIn = useSession(selectIsSignedIn);
  const userId = useSession(selectUser)?.id;
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Slot | null>(null);
  // A refused booking (the slot was just taken) reloads the slots.
  const [slotsVersion, setSlotsVersion] = useState(0);
  const bio = pickLocalized(locale, consultant.bio, consultant.bioEn);
  const tags = tagsIn(consultant, locale);

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-center gap-5">
        <Avatar path={consultant.avatar} name={consultant.name} size="lg" alt={consultant.name} />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="consultant-name">{consultant.name}</h1>
          <div className="mt-2"><RatingLine rating={consultant.rating} /></div>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('consultant.bio')}</h2>
          <Text as="p" value={bio} className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300" data-testid="consultant-bio" />
        </div>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold text-slate-900 dark:text-slate-100">{t('consultant.fields')}</dt>
            <dd className="mt-1 flex flex-wrap gap-2" data-testid="consultant-fields">
              {consultant.fields.map((field) => <Badge key={field.id} tone="green">{pickLocalized(locale, field.name, field.nameEn)}</Badge>)}
            </dd>
          </div>
          {tags.length > 0 ? (
            <div>
              <dt className="font-semibold text-slate-900 dark:text-slate-100">{t('consultant.tags')}</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">{tags.join(' · ')}</dd>
            </div>
          ) : null}
          <div>
            <dt className="font-semibold text-slate-900 dark:text-slate-100">{t('consultant.languages')}</dt>
            <dd className="mt-1 text-slate-700 dark:text-slate-300">{consultant.languages.map((language) => t(`consultations.languages.${language}`)).join(' · ')}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="slots-title">
        <h2 id="slots-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('consultant.slotsTitle')}</h2>
        {picked && signedIn ? (
          <div className="mt-4">
            <BookingForm
              // Another account signed in (in another tab) gets its own allowance, not the first one's.
              key={userId}
              consultant={consultant}
              slot={picked}
              onCancel={() => setPicked(null)}
              onSlotTaken={() => {
                setSlotsVersion((value) => value + 1);
                onChanged();
              }}
            />
          </div>
        ) : (
          <>
            {hydrated && !signedIn ? (
              <p className="mt-3">
                <Link to={loginRedirectPath(location)} className={primaryButtonClass} data-testid="consultant-sign-in">{t('consultant.signInToBook')}</Link>
              </p>
            ) : null}
            <SlotPicker consultantId={consultant.id} consultantZone={consultant.timeZone} version={slotsVersion} onPick={hydrated && signedIn ? setPicked : undefined} />
          </>
        )}
      </section>

      <section aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('consultant.reviews')}</h2>
        {consultant.reviews.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('consultant.noReviews')}</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="consultant-reviews">
            {consultant.reviews.map((review, index) => (
              <li key={`${review.ratedAt}-${index}`} data-testid="consultant-review" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <p className="text-amber-500" aria-label={t('sessions.stars', { count: review.rating })}>
                  <span aria-hidden="true">{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span>
                </p>
                {review.review ? <Text as="p" value={review.review} className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200" /> : null}
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('consultant.reviewBy', { name: review.memberName, date: formatDate(review.ratedAt, locale, 'date', viewerTimeZone()) })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
