import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import type { ResearchCommunityItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { formatDate, localizedField } from '@scholars/shared-contracts/locale';
import { useTextLanguage } from '@scholars/shared-contracts/ui/text';
import { datePart, excerpt } from '../lib/format';

/**
 * Spec 2: image (files base + the part after `public/`), the updated date (date part only), the
 * name in the current language, and the first 100 characters of the abstract with an ellipsis.
 * The whole card links to /community/{id}. A searched list shows the name and the excerpt through
 * `mark` (the searched words marked; given by the list, so the home page's carousel does not carry
 * the search fold). `linkState`: the history state of the card's link (the list passes its query, so
 * the research's "Back to" returns to that page of the list; the carousel passes none).
 */
export function ResearchCard({
  item,
  headingLevel = 3,
  mark = (text) => text,
  linkState,
}: {
  item: ResearchCommunityItem;
  headingLevel?: 2 | 3;
  mark?: (text: string) => ReactNode;
  linkState?: unknown;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const name = localizedField(item, 'name', locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nameLanguage = useTextLanguage(name);
  const abstract = excerpt(item.abstract);
  const abstractLanguage = useTextLanguage(abstract);
  return (
    <article data-testid="research-card" data-id={item.id} className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {item.image ? (
        <img src={fileUrl(item.image)} alt="" width={640} height={360} loading="lazy" className="aspect-video w-full bg-slate-100 object-cover dark:bg-slate-800" />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-emerald-100 to-sky-100 dark:from-emerald-950 dark:to-sky-950" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <span className="sr-only">{t('card.updated')}: </span>
          <time dateTime={datePart(item.updated)} data-testid="research-card-date">{formatDate(datePart(item.updated), locale)}</time>
        </p>
        <Heading className="font-semibold leading-snug text-slate-900 dark:text-slate-50">
          <Link
            to={ROUTES.community(item.id)}
            state={linkState}
            className="after:absolute after:inset-0 hover:text-emerald-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-emerald-600 dark:hover:text-emerald-300"
            {...nameLanguage}
          >
            {mark(name)}
          </Link>
        </Heading>
        <p data-testid="research-card-excerpt" className="text-sm leading-relaxed text-slate-600 dark:text-slate-300" {...abstractLanguage}>
          {mark(abstract)}
        </p>
      </div>
    </article>
  );
}
