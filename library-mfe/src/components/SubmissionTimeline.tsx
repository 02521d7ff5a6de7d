import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { formatDate } from '@scholars/shared-contracts/locale';
import type { ResearchStatus, ResearchSubmission } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';

/**
 * The author's view of the submission's timeline: each step with when, from, to, the note, and who
 * by role ("Reviewer"), or by name when the reviewer or supervisor signed the decision.
 */
export function SubmissionTimeline({ history }: { history: ResearchSubmission['history'] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (history.length === 0) return null;
  const status = (value: ResearchStatus) => t(`exchange.statuses.${value}`);
  return (
    <section aria-labelledby="exchange-timeline-title" className="space-y-3">
      <h2 id="exchange-timeline-title" className="text-lg font-semibold">{t('exchange.timeline')}</h2>
      <ol data-testid="exchange-timeline" className="space-y-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
        {history.map((step, index) => (
          <li key={`${step.at}-${index}`} data-testid="exchange-timeline-step" data-to={step.to} className="space-y-1">
            <p className="font-medium">{step.from ? t('exchange.timelineStep', { from: status(step.from), to: status(step.to) }) : t('exchange.timelineFirst', { to: status(step.to) })}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <time dateTime={step.at}>{formatDate(step.at, locale, 'dateTime')}</time>
              {' · '}
              <span dir="auto" data-testid="exchange-timeline-by">{t('exchange.timelineBy', { who: step.by_name ?? t(`roles.${step.by_role}`) })}</span>
            </p>
            {step.note ? <p dir="auto" className="whitespace-pre-line rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">{step.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
