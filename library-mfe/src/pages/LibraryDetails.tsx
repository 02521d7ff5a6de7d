import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, isApiError, ROUTES, useLocale } from '@scholars/shared-contracts';
import { BILLING_ERR, type CitationFormat, type LibraryDetails as Item, type ResearchFileLink } from '@scholars/shared-contracts/schemas';
import { AccessDenied } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { apiUrl, fetchCitation, fetchLibraryFileLink, fetchLibraryItem } from '../api';
import { useAsync } from '../lib/use-async';
import { formatFileSize, localized, looksArabic, saveTextFile } from '../lib/format';
import { Tabs } from '../components/Tabs';

type FileState = { status: 'loading' } | { status: 'ready'; link: ResearchFileLink } | { status: 'denied' } | { status: 'failed' };

/** A link older than this is renewed before a download (links live 15 minutes). */
const RENEW_MARGIN_MS = 60_000;

/** The book file tab: the PDF shown in the page and downloadable (active subscription, decisions.md). */
function FileTab({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const location = useLocation();
  const [state, setState] = useState<FileState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const link = await fetchLibraryFileLink(item.id);
      setState({ status: 'ready', link });
      return link;
    } catch (error) {
      if (isApiError(error) && error.err === BILLING_ERR.subscriptionRequired) setState({ status: 'denied' });
      else {
        console.error('[library] file link failed', error);
        setState({ status: 'failed' });
      }
      return null;
    }
  }, [item.id]);

  useEffect(() => {
    if (item.file) void load();
  }, [item.file, load]);

  if (!item.file) return <p className="text-slate-600 dark:text-slate-300">{t('file.none')}</p>;
  if (state.status === 'denied') return <AccessDenied signedIn returnTo={`${location.pathname}${location.search}`} />;

  const onDownload = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (state.status !== 'ready') return;
    if (Date.parse(state.link.expires_at) - Date.now() > RENEW_MARGIN_MS) return;
    event.preventDefault();
    const link = await load();
    if (link) window.location.assign(apiUrl(link.download_url));
  };

  const info = state.status === 'ready' ? state.link : item.file;
  return (
    <section aria-labelledby="library-file-title" data-testid="library-file">
      <h2 id="library-file-title" className="sr-only">{t('file.title')}</h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.name')}</dt>
        <dd dir="auto" data-testid="library-file-name">{info.name}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.type')}</dt>
        <dd>{info.mime}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.size')}</dt>
        <dd>{formatFileSize(info.size, locale)}</dd>
      </dl>
      {state.status === 'loading' ? (
        <p role="status" className="mt-6 text-slate-500 dark:text-slate-400">{t('file.opening')}</p>
      ) : state.status === 'failed' ? (
        <div role="alert" className="mt-6">
          <p className="text-red-700 dark:text-red-300">{t('file.failed')}</p>
          <button type="button" onClick={() => void load()} className="mt-3 rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">
            {t('details.retry')}
          </button>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={apiUrl(state.link.download_url)}
              download={state.link.name}
              onClick={(event) => void onDownload(event)}
              data-testid="library-file-download"
              className="rounded-lg bg-emerald-700 px-5 py-2 font-medium text-white hover:bg-emerald-800"
            >
              {t('file.download')}
            </a>
            {state.link.inline ? (
              <a href={apiUrl(state.link.view_url)} target="_blank" rel="noopener" className="rounded-lg border border-slate-300 px-5 py-2 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
                {t('file.openNewTab')}
              </a>
            ) : null}
          </div>
          {state.link.inline ? (
            <iframe
              title={t('file.frameTitle', { name: state.link.name })}
              src={apiUrl(state.link.view_url)}
              data-testid="library-file-viewer"
              className="mt-4 h-[75vh] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800"
            />
          ) : (
            <p className="mt-4 text-slate-600 dark:text-slate-300">{t('file.notInline')}</p>
          )}
        </>
      )}
    </section>
  );
}

function AbstractTab({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const primary = locale === 'ar' ? item.abstract || item.abstract_en : item.abstract_en || item.abstract;
  const other = locale === 'ar' ? item.abstract_en : item.abstract;
  return (
    <div data-testid="library-abstract" className="space-y-6">
      {primary ? (
        <p dir="auto" lang={looksArabic(primary) ? 'ar' : 'en'} className="leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-100">
          {primary}
        </p>
      ) : (
        <p className="text-slate-500 dark:text-slate-400">{t('details.noAbstract')}</p>
      )}
      {other && other !== primary ? (
        <section aria-labelledby="library-abstract-other" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <h3 id="library-abstract-other" className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('details.otherLanguage')}</h3>
          <p dir="auto" lang={looksArabic(other) ? 'ar' : 'en'} className="mt-2 leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-200">
            {other}
          </p>
        </section>
      ) : null}
      {item.keywords.length ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('details.keywords')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {item.keywords.map((keyword) => (
              <li key={keyword} dir="auto" className="rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{keyword}</li>
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
      saveTextFile(file.text, file.name, file.type);
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
  const author = locale === 'ar' ? (item.author ?? item.author_en) : (item.author_en ?? item.author);
  const publisher = locale === 'ar' ? (item.publisher ?? item.publisher_en) : (item.publisher_en ?? item.publisher);
  const rows: Array<[string, string | number | null, string?]> = [
    [t('details.author'), author],
    [t('details.type'), t(`docTypes.${item.doc_type}`)],
    [t('details.university'), localized(item.university, locale) ?? t('fallback.university'), 'library-university'],
    [t('details.category'), localized(item.category, locale) ?? t('fallback.category'), 'library-category'],
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
              <dd dir="auto" data-testid={testId} className="text-slate-900 dark:text-slate-100">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** /research-library/{id} (auth): abstract and book file tabs, citation export (spec 2; issue 5). */
export function LibraryDetails() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('tab') === 'file' ? 'file' : 'abstract';
  const state = useAsync((signal) => (/^\d{1,10}$/.test(id) ? fetchLibraryItem(id, signal) : Promise.reject(new Error('not found'))), [id]);

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
    const title = locale === 'ar' ? item.title : item.title_en;
    const otherTitle = locale === 'ar' ? item.title_en : item.title;
    body = (
      <article>
        <div className="flex flex-col gap-6 sm:flex-row">
          <img src={fileUrl(item.image)} alt="" width={136} height={192} className="h-48 w-34 shrink-0 rounded-lg bg-slate-100 object-cover shadow dark:bg-slate-800" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{t(`docTypes.${item.doc_type}`)}</p>
            <h1 className="mt-1 text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="library-title">{title}</h1>
            {otherTitle && otherTitle !== title ? (
              <p dir="auto" lang={locale === 'ar' ? 'en' : 'ar'} className="mt-2 text-lg text-slate-600 dark:text-slate-300">{otherTitle}</p>
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
              onChange={(key) => navigate({ search: key === 'file' ? '?tab=file' : '' }, { replace: true })}
              tabs={[
                { key: 'abstract', label: t('details.tabs.abstract'), content: () => <AbstractTab item={item} /> },
                { key: 'file', label: t('details.tabs.file'), content: () => <FileTab item={item} /> },
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
      <Link to={ROUTES.researchLibrary} className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
        <span aria-hidden="true" className="rtl:rotate-180">←</span> {t('details.back')}
      </Link>
      {body}
    </section>
  );
}
