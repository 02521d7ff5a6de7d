import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { ReviewItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { CLOCK_STYLE, clockLabel } from '../lib/review-clock';

/** A submission's review clock in words, with an icon and colours (light and dark); none once decided. */
export function ClockBadge({ clock, testId = 'review-clock' }: { clock: ReviewItem['clock']; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (!clock) return <span data-testid={testId} data-state="none" className="text-sm text-slate-500 dark:text-slate-400">{t('clock.none')}</span>;
  const style = CLOCK_STYLE[clock.state];
  return (
    <span data-testid={testId} data-state={clock.state} className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium ${style.className}`}>
      <span aria-hidden="true">{style.icon}</span>
      <span>{clockLabel(t, locale, clock)}</span>
    </span>
  );
}
