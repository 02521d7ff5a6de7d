import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ResearchFileLink } from '../schemas/community';
import { BILLING_ERR } from '../schemas/billing-codes';
import { isApiError } from '../http/api-error';
import { normalizeLocale } from '../i18n/core';
import { AccessDenied } from './AccessDenied';
import { formatFileKind, formatFileSize } from '../i18n/format';

/**
 * The texts of the file block, each app wording them for its own content (a research, a book):
 * `frameTitle` receives `{ name }`. The retry button says the common 'Try again'.
 */
export type ProtectedFileTextKey = 'title' | 'name' | 'type' | 'size' | 'opening' | 'failed' | 'download' | 'openNewTab' | 'notInline' | 'frameTitle';

type FileState = { status: 'loading' } | { status: 'ready'; link: ResearchFileLink } | { status: 'denied' } | { status: 'failed' };

/**
 * Whether this browser shows a PDF inside a frame of the page. Phones' browsers do not (Android's
 * Chrome says so, `pdfViewerEnabled` false; iOS shows only a first page that does not scroll): there
 * the file is opened or downloaded, in the device's own reader, instead of a grey frame.
 */
function framesPdf(): boolean {
  if (typeof window === 'undefined') return true;
  return window.navigator.pdfViewerEnabled !== false && !window.matchMedia?.('(max-width: 767px)').matches;
}

/**
 * A paywalled file (decisions.md: an active subscription): its name, type and size, shown inside
 * the page when the browser can (PDF, image) and downloadable under its real name. The links are
 * short-lived and signed by the API; one about to expire is renewed before a download. Without a
 * subscription, the access-denied block. A phone opens a PDF in its own reader ({@link framesPdf}). Test ids: `${testId}`, `-name`, `-type`, `-size`, `-download`, `-viewer`.
 */
export function ProtectedFile({
  file,
  loadLink,
  toUrl,
  text,
  testId,
  renewMarginMs,
  scope = 'app',
}: {
  /** What is known before the link arrives (shown while it loads). */
  file: { name: string; mime: string; size: number };
  loadLink: () => Promise<ResearchFileLink>;
  /** The absolute URL of an API-relative path (the app's API base). */
  toUrl: (relative: string) => string;
  text: (key: ProtectedFileTextKey, values?: { name: string }) => string;
  testId: string;
  /** A link expiring sooner than this is renewed before a download. */
  renewMarginMs: number;
  scope?: string;
}) {
  // The language of the shared i18next instance (the shell's), read without the package root.
  const { t, i18n } = useTranslation('common');
  const locale = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);
  const location = useLocation();
  const [state, setState] = useState<FileState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const link = await loadLink();
      setState({ status: 'ready', link });
      return link;
    } catch (error) {
      if (isApiError(error) && error.err === BILLING_ERR.subscriptionRequired) setState({ status: 'denied' });
      else {
        console.error(`[${scope}] file link failed`, error);
        setState({ status: 'failed' });
      }
      return null;
    }
  }, [loadLink, scope]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'denied') return <AccessDenied signedIn returnTo={`${location.pathname}${location.search}`} />;

  const onDownload = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (state.status !== 'ready') return;
    if (Date.parse(state.link.expires_at) - Date.now() > renewMarginMs) return;
    event.preventDefault();
    const link = await load();
    if (link) window.location.assign(toUrl(link.download_url));
  };

  const info = state.status === 'ready' ? state.link : file;
  const titleId = `${testId}-title`;
  return (
    <section aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="sr-only">{text('title')}</h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600 dark:text-slate-300">{text('name')}</dt>
        <dd data-testid={`${testId}-name`}>
          <bdi>{info.name}</bdi>
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{text('type')}</dt>
        <dd data-testid={`${testId}-type`}>{formatFileKind(info.mime, locale, info.name)}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{text('size')}</dt>
        <dd data-testid={`${testId}-size`}>{formatFileSize(info.size, locale)}</dd>
      </dl>
      {state.status === 'loading' ? (
        <p role="status" className="mt-6 text-slate-500 dark:text-slate-400">{text('opening')}</p>
      ) : state.status === 'failed' ? (
        <div role="alert" className="mt-6">
          <p className="text-red-700 dark:text-red-300">{text('failed')}</p>
          <button type="button" onClick={() => void load()} className="mt-3 rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">
            {t('actions.retry')}
          </button>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={toUrl(state.link.download_url)}
              download={state.link.name}
              onClick={(event) => void onDownload(event)}
              data-testid={`${testId}-download`}
              className="rounded-lg bg-emerald-700 px-5 py-2 font-medium text-white hover:bg-emerald-800"
            >
              {text('download')}
            </a>
            {state.link.inline ? (
              <a href={toUrl(state.link.view_url)} target="_blank" rel="noopener" className="rounded-lg border border-slate-300 px-5 py-2 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
                {text('openNewTab')}
              </a>
            ) : null}
          </div>
          {state.link.inline && (state.link.mime !== 'application/pdf' || framesPdf()) ? (
            <iframe
              title={text('frameTitle', { name: state.link.name })}
              src={toUrl(state.link.view_url)}
              data-testid={`${testId}-viewer`}
              className="mt-4 h-[75vh] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800"
            />
          ) : (
            <p className="mt-4 text-slate-600 dark:text-slate-300">{text('notInline')}</p>
          )}
        </>
      )}
    </section>
  );
}
