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
              {/* A signed name keeps its own direction (<bdi>); the label keeps the page's. */}
              <span data-testid="exchange-timeline-by">
                {t('exchange.timelineBy')} {step.by_name ? <bdi>{step.by_name}</bdi> : t(`roles.${step.by_role}`)}
              </span>
            </p>
            {/* The note in its own direction and alignment (an Arabic note on an English page starts on the right). */}
            {step.note ? <p dir="auto" data-testid="exchange-timeline-note" className="whitespace-pre-line rounded-lg bg-slate-50 p-2 text-start text-sm dark:bg-slate-800">{step.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The reason of a decided submission (rejected, removed), or the reviewer's note on an approval:
 * a label, then the words in a block of their own direction and alignment (an Arabic reason on
 * an English page starts on the right).
 */
export function DecisionReason({ research }: { research: Pick<ResearchSubmission, 'status' | 'decision'> }) {
  const { t } = useTranslation(NAMESPACE);
  const reason = research.decision?.reason;
  if (!reason) return null;
  return (
    <div className="mt-2">
      <p className="font-semibold">{t(research.status === 'approved' ? 'exchange.reviewerNote' : 'exchange.reason')}</p>
      <p dir="auto" data-testid="exchange-decision-reason" className="whitespace-pre-line text-start">{reason}</p>
    </div>
  );
}
