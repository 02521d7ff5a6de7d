import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { controlClass, dangerButtonClass, labelClass, Pagination, primaryButtonClass, secondaryButtonClass, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { countryName, formatDate, formatNumber, isolate } from '@scholars/shared-contracts/locale';
import {
  CONFERENCE_REQUEST_STATUSES,
  conferenceRequestDecisionSchema,
  type ConferenceRequest,
  type ConferenceRequestStatus,
  pageCount,
} from '@scholars/shared-contracts/schemas';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { NAMESPACE } from '../../i18n';
import { decideRequest, fetchRequestQueue } from '../../api/conference-requests';
import { linkClass, MessageLine, SectionState, type Message } from '../../components/admin/Console';

const LIMIT = 20;
/** Without `status` the queue shows what waits for a decision; `status=all` shows every state. */
const ALL = 'all';
const DEFAULT_STATUS: ConferenceRequestStatus = 'pending';
type Decision = 'approved' | 'changes_requested' | 'rejected';

const STATUS_TONE: Record<ConferenceRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  changes_requested: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-slate-900 dark:text-slate-50" dir="auto">{children}</dd>
    </>
  );
}

/** One request: its summary, all of spec 3's fields on demand, and the decision while it is pending. */
function RequestCard({ request: initial, isAdmin }: { request: ConferenceRequest; isAdmin: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // A rejection is final (the requester can no longer edit the request): asked once more, as the review queue does.
  const [confirmReject, setConfirmReject] = useState(false);
  // The request as last answered: a decision shows at once (state, note, the conference made).
  const [request, setRequest] = useState(initial);
  const field = (name: string) => t(`request.fields.${name}`);

  const decide = async (status: Decision, confirmed = false) => {
    const parsed = conferenceRequestDecisionSchema.safeParse({ status, reason: note });
    if (!parsed.success) {
      setNoteError(t(`common:${parsed.error.issues[0]?.message ?? 'validation.invalidInput'}`));
      return;
    }
    setNoteError(null);
    if (status === 'rejected' && !confirmed) {
      setConfirmReject(true);
      return;
    }
    setConfirmReject(false);
    setBusy(true);
    try {
      const answer = await decideRequest(request.id, parsed.data);
      setRequest(answer.data);
      setMessage({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      setMessage({ ok: false, text: isApiError(error) ? error.message : t('admin.failed') });
    }
    setBusy(false);
  };

  return (
    <li data-testid="request-item" data-id={request.id} data-status={request.status} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50" dir="auto">{request.conference_title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <bdi>{request.full_name}</bdi> · <bdi>{request.university}</bdi>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('admin.requests.proposed', {
              date: formatDate(request.proposed_start_date, locale),
              days: t('admin.requests.days', { count: request.duration_days, formatted: formatNumber(request.duration_days, locale) }),
            })}
            {' · '}
            {t(`modes.${request.location_type}`)}
            {' · '}
            {t('admin.requests.submitted', { date: formatDate(request.created_at, locale) })}
          </p>
        </div>
        <span data-testid="request-status" className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[request.status]}`}>
          {t(`admin.requests.statuses.${request.status}`)}
        </span>
      </div>

      <details className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
        <summary className="cursor-pointer font-semibold text-emerald-800 dark:text-emerald-300" data-testid="request-details-toggle">{t('admin.requests.details')}</summary>
        <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <Row label={field('full_name')}>{request.full_name}</Row>
          <Row label={field('academic_level')}>{t(`request.levels.${request.academic_level}`)}</Row>
          <Row label={field('major_field')}>{request.major_field}</Row>
          <Row label={field('university')}>{request.university}</Row>
          <Row label={field('university_email')}><bdi dir="ltr">{request.university_email}</bdi></Row>
          <Row label={field('phone')}><bdi dir="ltr">{request.phone}</bdi></Row>
          <Row label={field('country')}>{countryName(request.country, locale)}</Row>
          <Row label={field('conference_title')}>{request.conference_title}</Row>
          <Row label={field('main_language')}>{t(`request.languages.${request.main_language}`, { defaultValue: request.main_language })}</Row>
          <Row label={field('supporting_institution')}>{request.supporting_institution ?? '—'}</Row>
          <Row label={field('proposed_start_date')}>{formatDate(request.proposed_start_date, locale)}</Row>
          <Row label={field('duration_days')}>{t('admin.requests.days', { count: request.duration_days, formatted: formatNumber(request.duration_days, locale) })}</Row>
          <Row label={field('location_type')}>{t(`modes.${request.location_type}`)}</Row>
          <Row label={field('venue')}>{request.venue}</Row>
          <Row label={field('objectives')}><span className="whitespace-pre-line">{request.objectives}</span></Row>
          <Row label={field('notes')}><span className="whitespace-pre-line">{request.notes ?? '—'}</span></Row>
        </dl>
      </details>

      {request.review_note && request.status !== 'pending' ? <p className="text-sm text-slate-600 dark:text-slate-300" dir="auto">{t('admin.requests.reviewNote', { note: request.review_note })}</p> : null}
      {request.reviewed_at && request.status !== 'pending' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(request.status === 'changes_requested' ? 'admin.requests.sentBack' : 'admin.requests.decided', { date: formatDate(request.reviewed_at, locale) })}
        </p>
      ) : null}
      {/* Pending with a note: the requester changed it after it was sent back (their edit keeps the note); what was asked, beside the request. */}
      {request.status === 'pending' && request.review_note && request.reviewed_at ? (
        <div data-testid="request-resubmitted" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">{t('admin.requests.resubmitted', { sentBack: formatDate(request.reviewed_at, locale), date: formatDate(request.updated_at, locale) })}</p>
          <p className="mt-1">
            {t('admin.requests.asked')} <bdi className="whitespace-pre-line">{request.review_note}</bdi>
          </p>
        </div>
      ) : null}

      {request.status === 'pending' ? (
        <div className="space-y-3" data-testid="request-decision">
          <label className={labelClass}>
            {t('admin.requests.note')}
            <textarea
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={Boolean(noteError)}
              data-testid="request-note"
              className={controlClass(Boolean(noteError))}
            />
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('admin.requests.noteHint')}</p>
          {noteError ? <p role="alert" data-testid="request-note-error" className="text-sm text-red-700 dark:text-red-400">{noteError}</p> : null}
          <div className="flex flex-wrap gap-3">
            <button type="button" disabled={busy} onClick={() => void decide('approved')} data-testid="request-approve" className={primaryButtonClass}>{t('admin.requests.approve')}</button>
            <button type="button" disabled={busy} onClick={() => void decide('changes_requested')} data-testid="request-ask-changes" className={secondaryButtonClass}>{t('admin.requests.askChanges')}</button>
            <button type="button" disabled={busy} onClick={() => void decide('rejected')} data-testid="request-reject" className={dangerButtonClass}>{t('admin.requests.reject')}</button>
          </div>
        </div>
      ) : null}
      {confirmReject ? (
        <ConfirmDialog
          testId="request-reject-dialog"
          title={t('admin.requests.rejectTitle')}
          body={t('admin.requests.rejectBody', { title: isolate(request.conference_title) })}
          confirmLabel={t('admin.requests.reject')}
          cancelLabel={t('admin.requests.rejectBack')}
          danger
          onConfirm={() => void decide('rejected', true)}
          onCancel={() => setConfirmReject(false)}
        />
      ) : null}
      <MessageLine message={message} testId="request-message" />
      {request.conference_id && isAdmin ? (
        <Link to={ROUTES.adminConference(request.conference_id)} data-testid="request-open-conference" className={linkClass}>{t('admin.requests.openDraft')}</Link>
      ) : null}
    </li>
  );
}

/** `/admin/conference-requests` (reviewers, administrators): pending first, oldest first; state, search and page in the address. */
export function ConferenceRequestsQueue() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const isAdmin = useSession(selectUser)?.roles?.includes('admin') ?? false;
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = rawStatus === ALL ? undefined : (CONFERENCE_REQUEST_STATUSES.find((value) => value === rawStatus) ?? DEFAULT_STATUS);
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState({ q, status: rawStatus === ALL ? ALL : (status ?? DEFAULT_STATUS) });
  const queue = useAsync((signal) => fetchRequestQueue({ status, q: q || undefined, page, limit: LIMIT }, signal), [status, q, page]);
  const pages = pageCount(queue.data?.tot ?? 0, LIMIT);
  const beyond = usePageInRange(page, queue.data ? pages : undefined);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.status !== DEFAULT_STATUS) next.set('status', draft.status);
    if (draft.q.trim()) next.set('q', draft.q.trim());
    setParams(next);
  };

  return (
    <section data-testid="conference-requests-queue" className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.requests.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.requests.description')}</p>
      </header>
      <form role="search" onSubmit={apply} className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end dark:border-slate-800">
        <label className={labelClass}>
          {t('admin.requests.status')}
          <select name="status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })} className={controlClass(false)} data-testid="requests-status">
            {CONFERENCE_REQUEST_STATUSES.map((value) => <option key={value} value={value}>{t(`admin.requests.statuses.${value}`)}</option>)}
            <option value={ALL}>{t('admin.requests.allStatuses')}</option>
          </select>
        </label>
        <label className={labelClass}>
          {t('admin.requests.searchLabel')}
          <input type="search" name="q" maxLength={200} value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid="requests-q" />
        </label>
        <button type="submit" className={primaryButtonClass} data-testid="requests-apply">{t('admin.apply')}</button>
      </form>

      {queue.status === 'failed' ? (
        <SectionState state="failed" onRetry={queue.reload} />
      ) : !queue.data || beyond ? (
        <SectionState state="loading" />
      ) : queue.data.data.length === 0 ? (
        <SectionState state="empty" empty={t('admin.requests.empty')} />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {t('admin.requests.results', { count: queue.data.tot, formatted: formatNumber(queue.data.tot, locale) })}
          </p>
          <ul className="space-y-4">
            {queue.data.data.map((request) => (
              <RequestCard key={`${request.id}:${request.updated_at}`} request={request} isAdmin={isAdmin} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} testId="requests-pagination" />
        </>
      )}
    </section>
  );
}
