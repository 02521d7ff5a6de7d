import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { ResearchMineItem, ResearchStatus } from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { fetchMyResearch, fetchMySubmission } from '../../api/research';
import { pickLocalized, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, SectionState, StackedCell, StackedTable, linkClass, stackedRowClass, type Tone } from '../../components/Status';

// The Supervisor section (and its texts) is its own chunk: the remote's pages module stays small.
const SupervisorSection = lazy(() => import('./SupervisorSection').then((m) => ({ default: m.SupervisorSection })));

const TONE: Record<ResearchStatus, Tone> = {
  pending_supervisor: 'amber',
  under_review: 'amber',
  changes_requested: 'amber',
  approved: 'green',
  rejected: 'red',
  removed: 'slate',
};

/** Published research opens in the community; the others in the research exchange form (edit mode). */
export const submissionLink = (item: Pick<ResearchMineItem, 'id' | 'status'>) =>
  item.status === 'approved' ? ROUTES.community(item.id) : `${ROUTES.researchExchange}?edit=${item.id}`;

/**
 * Spec 2: ID, date, title, status, action; and the author's side of the review (issue 18): the
 * state in words, the expected decision date and each submission's timeline. Above them, the
 * student's supervisor. On phones the table becomes stacked cards.
 */
export function ResearchTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyResearch(signal), []);
  const [open, setOpen] = useState<number | null>(null);
  // Whether the member has a master's or doctoral submission (the Supervisor section offers its form
  // outright then); when the list cannot be read, as if they had.
  const studentWork = list.status === 'failed' ? true : list.data ? list.data.some((item) => item.research_type !== 'general') : null;
  let body;
  if (list.status === 'failed') body = <SectionState state="failed" onRetry={list.reload} />;
  else if (!list.data) body = <SectionState state="loading" />;
  else if (list.data.length === 0) {
    body = <SectionState state="empty" empty={t('research.empty')} action={<Link to={ROUTES.researchExchange} className={primaryButtonClass}>{t('research.submit')}</Link>} />;
  } else {
    const open_item = list.data.find((item) => item.id === open);
    body = (
      <>
        <StackedTable testId="research-table" head={[t('research.id'), t('research.date'), t('research.titleColumn'), t('research.status'), t('research.expected'), t('research.action')]}>
          {list.data.map((item) => (
            <tr key={item.id} data-testid="research-row" data-status={item.status} className={stackedRowClass}>
              <StackedCell label={t('research.id')}>{item.id}</StackedCell>
              <StackedCell label={t('research.date')}>{formatDate(item.created_at, locale)}</StackedCell>
              <StackedCell label={t('research.titleColumn')}>{pickLocalized(locale, item.title, item.title_en)}</StackedCell>
              <StackedCell label={t('research.status')}>
                <Badge tone={TONE[item.status]}>{t(`research.statuses.${item.status}`)}</Badge>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="research-state">{t(`research.states.${item.status}`)}</p>
                {item.decision_reason ? (
                  <div className="mt-1 text-xs text-slate-800 dark:text-slate-100" data-testid="research-reason">
                    <p className="font-semibold">{t('research.reason')}</p>
                    {/* A block of its own direction and alignment: an Arabic reason on an English page starts on the right, its full stop at its end. */}
                    <p dir="auto" data-testid="research-reason-text" className="whitespace-pre-line text-start">{item.decision_reason}</p>
                  </div>
                ) : null}
              </StackedCell>
              <StackedCell label={t('research.expected')}>
                {item.expected_decision_to ? t('research.expectedBy', { date: formatDate(item.expected_decision_to, locale) }) : '—'}
              </StackedCell>
              <StackedCell label={t('research.action')}>
                <div className="flex flex-wrap gap-3">
                  <Link to={submissionLink(item)} className={linkClass} data-testid="research-open">
                    {item.status === 'changes_requested' ? t('research.edit') : t('research.view')}
                  </Link>
                  <button
                    type="button"
                    className={linkClass}
                    aria-expanded={open === item.id}
                    data-testid="research-timeline-toggle"
                    onClick={() => setOpen((current) => (current === item.id ? null : item.id))}
                  >
                    {open === item.id ? t('research.hideTimeline') : t('research.showTimeline')}
                  </button>
                </div>
              </StackedCell>
            </tr>
          ))}
        </StackedTable>
        {open_item ? <Timeline key={open_item.id} item={open_item} onClose={() => setOpen(null)} /> : null}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <Suspense fallback={<SectionState state="loading" />}>
        <SupervisorSection studentWork={studentWork} />
      </Suspense>
      <div>{body}</div>
    </div>
  );
}

/** `GET research/{id}`'s history: who (by role, or by name when the decision was signed), when, from, to, note. */
function Timeline({ item, onClose }: { item: ResearchMineItem; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const details = useAsync((signal) => fetchMySubmission(item.id, signal), [item.id]);
  const title = pickLocalized(locale, item.title, item.title_en);
  return (
    <section className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="research-timeline" aria-label={t('research.timelineTitle', { title })}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('research.timelineTitle', { title })}</h3>
        <button type="button" onClick={onClose} className={secondaryButtonClass}>{t('research.hideTimeline')}</button>
      </div>
      {details.status === 'failed' ? (
        <SectionState state="failed" onRetry={details.reload} />
      ) : !details.data ? (
        <SectionState state="loading" />
      ) : details.data.history.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t('research.timelineEmpty')}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
          {details.data.history.map((step, index) => (
            <li key={`${step.at}-${index}`} data-testid="timeline-step" data-to={step.to}>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                <time dateTime={step.at}>{formatDate(step.at, locale, 'dateTime')}</time>
              </p>
              <p className="font-medium text-slate-900 dark:text-slate-50">
                {step.from
                  ? t('research.transition', { from: t(`research.statuses.${step.from}`), to: t(`research.statuses.${step.to}`) })
                  : `${t('research.submitted')}: ${t(`research.statuses.${step.to}`)}`}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t('research.by')}: {step.by_name ? <bdi>{step.by_name}</bdi> : t(`research.roles.${step.by_role}`)}
              </p>
              {step.note ? (
                <div className="mt-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-900 dark:text-slate-100">
                  <p className="font-semibold">{t('research.note')}</p>
                  {/* A block of its own direction and alignment: an Arabic note on an English page starts on the right, its full stop at its end. */}
                  <p dir="auto" data-testid="timeline-note" className="whitespace-pre-line text-start">{step.note}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
