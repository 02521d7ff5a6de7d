import { useLocale } from '@scholars/shared-contracts';
import { formatPercent } from '@scholars/shared-contracts/locale';

/**
 * An upload progress bar (role progressbar, value 0-100). `value` null: the browser cannot tell
 * the size yet (indeterminate). Fills from the reading start side.
 */
export function ProgressBar({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  const { locale } = useLocale();
  const percent = value === null ? null : Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div data-testid={testId} className="space-y-1">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span className="text-slate-700 dark:text-slate-200">{label}</span>
        <span className="tabular-nums text-slate-500 dark:text-slate-400">{percent === null ? '…' : formatPercent(percent / 100, locale)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full bg-emerald-600 transition-[width] duration-200 dark:bg-emerald-500 ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
