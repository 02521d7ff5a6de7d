/**
 * A console list's "Export CSV": fetches the file the list's filters select (bearer-authenticated,
 * so as a blob) and saves it under a dated name; busy meanwhile, and a failure said below it.
 */
import { useState } from 'react';
import { saveFile, secondaryButtonClass } from '@scholars/shared-contracts/ui';

export function CsvExport({ fetchFile, fileName, label, busyLabel, failedText, testId }: {
  fetchFile: () => Promise<Blob>;
  /** The name before the date: `audit-log` saves `audit-log-<YYYY-MM-DD>.csv`. */
  fileName: string;
  label: string;
  busyLabel: string;
  failedText: string;
  testId: string;
}) {
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setExporting(true);
    setFailed(false);
    try {
      saveFile(await fetchFile(), `${fileName}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <button type="button" disabled={exporting} className={secondaryButtonClass} onClick={() => void download()} data-testid={testId}>
        {exporting ? busyLabel : label}
      </button>
      {failed ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{failedText}</p> : null}
    </div>
  );
}
