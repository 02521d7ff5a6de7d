import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { LibraryItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { localizedField, pickLocalized } from '@scholars/shared-contracts/locale';
import { Phrase, Text, useTextLanguage } from '@scholars/shared-contracts/ui/text';
import { Highlighted } from '@scholars/shared-contracts/ui/search';
import { listReturnState } from '@scholars/shared-contracts/ui';
import { BookCover } from './BookCover';

/**
 * A library item in the list: cover, title, author, type, category (with the spec's fallback),
 * university when known, year; the words of `search` marked in the title. An item without a
 * university (an approved student's work: the form has no such field) names none rather than
 * "Unknown university".
 */
export function BookCard({ item, search }: { item: LibraryItem; search?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const title = localizedField(item, 'title', locale);
  const author = pickLocalized(locale, item.author, item.author_en);
  const category = (item.category && localizedField(item.category, 'name', locale)) || t('fallback.category');
  const university = item.university && localizedField(item.university, 'name', locale);
  const titleLanguage = useTextLanguage(title);
  const list = useLocation().search;
  return (
    <li data-testid="library-item" data-id={item.id} className="group relative flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <BookCover image={item.image} lazy width={68} height={96} className="h-24 w-[68px] shrink-0 rounded-md" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-400">{t(`docTypes.${item.doc_type}`)}</p>
        <h2 className="mt-1 text-base leading-snug font-bold text-slate-900 dark:text-slate-50">
          <Link to={ROUTES.researchLibraryDetails(item.id)} state={listReturnState(list)} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline" {...titleLanguage}>
            <Highlighted text={title} search={search} />
          </Link>
        </h2>
        {author ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300"><Phrase text={(value) => t('card.by', { author: value })} value={author} /></p> : null}
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <Text value={category} data-testid="library-item-category" />
          {university ? (
            <>
              <span aria-hidden="true">·</span>
              <Text value={university} data-testid="library-item-university" />
            </>
          ) : null}
          {item.published_year ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('card.year', { year: item.published_year })}</span>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}
