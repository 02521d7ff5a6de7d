import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiUrl, isApiError, ROUTES, useLocale, usePageTitle } from '@scholars/shared-contracts';
import type { CitationFormat, LibraryDetails as Item } from '@scholars/shared-contracts/schemas';
import { listReturnSearch, ProtectedFile, saveFile, Tabs, useAsync } from '@scholars/shared-contracts/ui';
import { Text } from '@scholars/shared-contracts/ui/text';
import { fieldIn, localizedField, otherLocale, pickLocalized } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../i18n';
import { MembersOnly } from '../components/MembersOnly';
import { BookCover } from '../components/BookCover';
import { fetchCitation, fetchLibraryFileLink, fetchLibraryItem } from '../api/library';
import { routeId } from '@scholars/shared-contracts/constants';

/** A link older than this is renewed before a download (links live 15 minutes). */
const RENEW_MARGIN_MS = 60_000;

/** The file tab (a book's, a thesis's...): the PDF shown in the page and downloadable (active subscription, decisions.md). */
function FileTab({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const loadLink = useCallback(() => fetchLibraryFileLink(item.id), [item.id]);
  if (!item.file) return <p className="text-slate-600 dark:text-slate-300">{t('file.none')}</p>;
  return (
    <ProtectedFile
      file={item.file}
      loadLink={loadLink}
      toUrl={apiUrl}
      testId="library-file"
      renewMarginMs={RENEW_MARGIN_MS}
      scope="library"
      text={(key, values) => t(`file.${key}`, { ...values, context: item.doc_type })}
    />
  );
}

function AbstractTab({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const primary = localizedField(item, 'abstract', locale);
  const other = fieldIn(item, 'abstract', otherLocale(locale));
  return (
    <div data-testid="library-abstract" className="space-y-6">
      {primary ? (
        <Text as="p" value={primary} data-testid="library-abstract-text" className="leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-100" />
      ) : (
        <p className="text-slate-500 dark:text-slate-400">{t('details.noAbstract')}</p>
      )}
      {other && other !== primary ? (
        <section aria-labelledby="library-abstract-other" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <h3 id="library-abstract-other" className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('details.otherLanguage')}</h3>
          <Text as="p" value={other} className="mt-2 leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-200" />
        </section>
      ) : null}
      {item.keywords.length ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('details.keywords')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {item.keywords.map((keyword) => (
              <Text as="li" key={keyword} value={keyword} className="rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Citation export; the work is cited in its own language (its original title), the other title kept. */
function Citation({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const cite = async (format: CitationFormat) => {
    try {
      const file = await fetchCitation(item.id, format);
      saveFile(new Blob([file.text], { type: file.type }), file.name);
      setMessage({ ok: true, text: t('cite.saved', { name: file.name }) });
    } catch (error) {
      console.error('[library] citation failed', error);
      setMessage({ ok: false, text: t('cite.failed') });
    }
  };
  const button = 'rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <section aria-labelledby="library-cite" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="library-cite">
      <h2 id="library-cite" className="text-sm font-semibold text-slate-700 dark:text-slate-200">{t('cite.title')}</h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={() => void cite('bibtex')} className={button}>{t('cite.bibtex')}</button>
        <button type="button" onClick={() => void cite('ris')} className={button}>{t('cite.ris')}</button>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${message?.ok === false ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`}>
        {message?.text ?? ''}
      </p>
    </section>
  );
}

function Facts({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const author = pickLocalized(locale, item.author, item.author_en);
  const publisher = pickLocalized(locale, item.publisher, item.publisher_en);
  const rows: Array<[string, string | number | null, string?]> = [
    [t('details.author'), author],
    [t('details.type'), t(`docTypes.${item.doc_type}`)],
    // Unknown (an approved student's work): no row rather than "Unknown university".
    [t('details.university'), item.university && localizedField(item.university, 'name', locale), 'library-university'],
    [t('details.category'), (item.category && localizedField(item.category, 'name', locale)) || t('fallback.category'), 'library-category'],
    [t('details.year'), item.published_year],
    [t('details.publisher'), publisher],
    [t('details.isbn'), item.isbn],
    [t('details.pages'), item.pages],
    [t('details.language'), t(`languages.${item.language}`)],
  ];
  return (
    <section aria-labelledby="library-facts" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="library-facts" className="text-sm font-semibold text-slate-700 dark:text-slate-200">{t('details.facts')}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value, testId]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <Text as="dd" value={String(value)} data-testid={testId} className="text-slate-900 dark:text-slate-100" />
            </div>
          ))}
      </dl>
    </section>
  );
}

/** /research-library/{id} (auth): abstract and book file tabs, citation export (spec 2; issue 5). */
export function LibraryDetails() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <MembersOnly title={t('details.title')} message={t('list.signIn')} testId="library-details">
      <MembersItem />
    </MembersOnly>
  );
}

function MembersItem() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tab = params.get('tab') === 'file' ? 'file' : 'abstract';
  const state = useAsync((signal) => (routeId(id) !== null ? fetchLibraryItem(id, signal) : Promise.reject(new Error('not found'))), [id]);
  usePageTitle(state.data ? localizedField(state.data, 'title', locale) : state.status === 'failed' ? t('details.notFound') : undefined);

  let body;
  if (state.status === 'loading' && !state.data) {
    body = <p aria-busy="true" className="text-slate-500 dark:text-slate-400">{t('details.loading')}</p>;
  } else if (state.status === 'failed') {
    const missing = !isApiError(state.error) || state.error.status === 404 || state.error.status === 400;
    body = (
      <div role="alert" data-testid="library-not-found" className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
        <p>{missing ? t('details.notFound') : t('details.loadFailed')}</p>
        {missing ? null : (
          <button type="button" onClick={state.reload} className="mt-3 rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">{t('details.retry')}</button>
        )}
      </div>
    );
  } else if (state.data) {
    const item = state.data;
    const title = localizedField(item, 'title', locale);
    const otherTitle = fieldIn(item, 'title', otherLocale(locale));
    body = (
      <article>
        <div className="flex flex-col gap-6 sm:flex-row">
          <BookCover image={item.image} width={136} height={192} className="h-48 w-34 shrink-0 rounded-lg shadow" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{t(`docTypes.${item.doc_type}`)}</p>
            <Text as="h1" value={title} className="mt-1 text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="library-title" />
            {otherTitle && otherTitle !== title ? (
              <Text as="p" value={otherTitle} className="mt-2 text-lg text-slate-600 dark:text-slate-300" />
            ) : null}
            {item.research_id ? (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                {t('details.fromExchange')}{' '}
                <Link to={ROUTES.community(item.research_id)} className="font-semibold text-emerald-700 underline dark:text-emerald-400">{t('details.discuss')}</Link>
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
          <div className="min-w-0">
            <Tabs
              label={t('details.tabsLabel')}
              active={tab}
              onChange={(key) => navigate({ search: key === 'file' ? '?tab=file' : '' }, { replace: true, state: location.state })}
              tabs={[
                { key: 'abstract', label: t('details.tabs.abstract'), content: () => <AbstractTab item={item} /> },
                { key: 'file', label: t('details.tabs.file', { context: item.doc_type }), content: () => <FileTab item={item} /> },
              ]}
            />
          </div>
          <aside className="space-y-4">
            <Facts item={item} />
            <Citation item={item} />
          </aside>
        </div>
      </article>
    );
  }

  return (
    <section data-testid="library-details" className="mx-auto max-w-6xl px-4 py-10">
      <Link to={{ pathname: ROUTES.researchLibrary, search: listReturnSearch(location.state) }} className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
        <span aria-hidden="true" className="rtl:rotate-180">←</span> {t('details.back')}
      </Link>
      {body}
    </section>
  );
}
