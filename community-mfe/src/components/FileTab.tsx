import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { BILLING_ERR, type ResearchDetails, type ResearchFileLink } from '@scholars/shared-contracts/schemas';
import { AccessDenied } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { apiUrl, fetchFileLink } from '../api';
import { formatFileSize } from '../lib/format';

type FileState = { status: 'loading' } | { status: 'ready'; link: ResearchFileLink } | { status: 'denied' } | { status: 'failed' };

/** A link older than this is renewed before a download (links live 5 minutes). */
const RENEW_MARGIN_MS = 30_000;

/**
 * The research file tab: shown inside the page (PDF) and downloadable under its real name.
 * Needs an active subscription (decisions.md); without one, the access-denied block.
 */
export function FileTab({ research }: { research: ResearchDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const location = useLocation();
  const [state, setState] = useState<FileState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const link = await fetchFileLink(research.id);
      setState({ status: 'ready', link });
      return link;
    } catch (error) {
      if (isApiError(error) && error.err === BILLING_ERR.subscriptionRequired) setState({ status: 'denied' });
      else {
        console.error('[community] research file link failed', error);
        setState({ status: 'failed' });
      }
      return null;
    }
  }, [research.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const onDownload = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (state.status !== 'ready') return;
    if (Date.parse(state.link.expires_at) - Date.now() > RENEW_MARGIN_MS) return;
    event.preventDefault();
    const link = await load();
    if (link) window.location.assign(apiUrl(link.download_url));
  };

  if (state.status === 'denied') {
    return <AccessDenied signedIn returnTo={`${location.pathname}${location.search}`} />;
  }

  const info = state.status === 'ready' ? state.link : research.file;
  return (
    <section aria-labelledby="file-title" data-testid="research-file">
      <h2 id="file-title" className="sr-only">{t('file.title')}</h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.name')}</dt>
        <dd dir="auto" data-testid="research-file-name">{info.name}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.type')}</dt>
        <dd data-testid="research-file-type">{info.mime}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-300">{t('file.size')}</dt>
        <dd>{formatFileSize(info.size, locale)}</dd>
      </dl>
      {state.status === 'loading' ? (
        <p role="status" className="mt-6 text-slate-500">{t('file.opening')}</p>
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
              className="rounded-lg bg-emerald-700 px-5 py-2 font-medium text-white hover:bg-emerald-800"
              data-testid="research-file-download"
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
              className="mt-4 h-[75vh] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800"
              data-testid="research-file-viewer"
            />
          ) : (
            <p className="mt-4 text-slate-600 dark:text-slate-300">{t('file.notInline')}</p>
          )}
        </>
      )}
    </section>
  );
}
