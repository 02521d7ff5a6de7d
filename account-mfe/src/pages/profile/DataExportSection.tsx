import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import '../../i18n/data-export';
import { fetchMyData } from '../../api/data-export';
import { errorText } from '../../lib/errors';

/**
 * The edit tab's "Your data" section, just before "Close account" (decisions.md "Your data"): what
 * the file holds, and a button that fetches it through the API client (the session's token) and
 * saves it from memory. A refusal (the limit per hour) or a failure shows below the button, in the
 * interface language (the server's message when it gave one).
 */
export function DataExportSection() {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setBusy(true);
    try {
      const { blob, filename } = await fetchMyData();
      saveFile(blob, filename);
    } catch (failure) {
      setError(errorText(failure, t('dataExport.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="data-export-title" data-testid="data-export" className="space-y-4 border-t border-slate-200 pt-10 dark:border-slate-800">
      <h2 id="data-export-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('dataExport.title')}</h2>
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('dataExport.text')}</p>
      <button type="button" onClick={() => void download()} disabled={busy} aria-busy={busy} className={secondaryButtonClass} data-testid="data-export-download">
        {busy ? t('dataExport.busy') : t('dataExport.download')}
      </button>
      {error ? (
        <p role="alert" data-testid="data-export-error" className="max-w-prose rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      ) : null}
    </section>
  );
}
