import { useTranslation } from 'react-i18next';

/** A remote area that could not be loaded, or a shell page's content (about, privacy: `remote` names it), with Try again. */
export function RemoteFailure({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section role="alert" data-testid={`remote-fallback-${remote}`} className="mx-auto my-10 max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-6 text-center text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <h2 className="text-lg font-semibold">{t('remote.failedTitle')}</h2>
      <p className="mt-2 text-sm">{t('remote.failedBody')}</p>
      <button type="button" onClick={onRetry} className="mt-4 rounded-lg bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2">
        {t('remote.retry')}
      </button>
    </section>
  );
}
