import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import type { ConferenceListItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { formatDate } from '@scholars/shared-contracts/locale';
import { excerpt, hasEnded, localized } from '../lib/format';
import { ModeBadge } from './ModeBadge';
import { Highlighted } from '@scholars/shared-contracts/ui/search';
import { listReturnState } from '@scholars/shared-contracts/ui';

/**
 * A conference of the list (issue 3): image, title and description in the current language (100
 * characters + ellipsis), start date, mode. `firstRow`: its image is on the first screen (the page's
 * largest paint): fetched at once and early, not lazily (issue 6). In a searched list, the words of
 * `search` are marked in the title and the excerpt. Its links keep the list's query (listReturnState)
 * for the conference's "Back to".
 */
export function ConferenceCard({ conference, firstRow = false, search }: { conference: ConferenceListItem; firstRow?: boolean; search?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { title, description } = localized(conference, locale);
  const ended = hasEnded(conference);
  const back = listReturnState(useLocation().search);
  return (
    <article data-testid="conference-card" data-id={conference.id} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {conference.image ? (
        <img
          src={fileUrl(conference.image)}
          alt=""
          width={640}
          height={320}
          loading={firstRow ? 'eager' : 'lazy'}
          fetchPriority={firstRow ? 'high' : 'auto'}
          className="aspect-[2/1] w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[2/1] w-full bg-linear-to-br from-emerald-700 to-teal-500" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <ModeBadge mode={conference.mode} />
          <span data-testid="conference-start">
            {ended ? t('card.ended') : t('card.starts')}{' '}
            <time dateTime={conference.start_date}>{formatDate(conference.start_date, locale, 'date', conference.timezone)}</time>
          </span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900 dark:text-slate-50">
          <Link to={ROUTES.conference(conference.id)} state={back} className="hover:text-emerald-700 focus-visible:underline dark:hover:text-emerald-300">
            <Highlighted text={title} search={search} />
          </Link>
        </h2>
        <p data-testid="conference-excerpt" className="flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300"><Highlighted text={excerpt(description)} search={search} /></p>
        <Link to={ROUTES.conference(conference.id)} state={back} aria-hidden="true" tabIndex={-1} className="self-start text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400">
          {t('list.details')}
        </Link>
      </div>
    </article>
  );
}
