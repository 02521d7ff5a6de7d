import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiUrl, isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { controlClass, ProtectedFile, useAsync } from '@scholars/shared-contracts/ui';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { formatDate, localeOfText, localizedField, LOCALES, type Locale } from '@scholars/shared-contracts/locale';
import { REASON_REQUIRED, type ReasonTemplate, type ResearchStatus, type ReviewDetails } from '@scholars/shared-contracts/schemas';
import { routeId } from '@scholars/shared-contracts/constants';
import { NAMESPACE } from '../../i18n';
import { decideResearch, fetchReasonTemplates, fetchResearchFileLink, fetchReviewDetails, fetchReviewers } from '../../api/review';
import { AssignReviewer, type AssignResult, type Reviewer } from '../../components/AssignReviewer';
import { ClockBadge } from '../../components/ClockBadge';

/** A link expiring sooner than this is renewed before a download (links live 15 minutes). */
const RENEW_MARGIN_MS = 60_000;
/** The decisions a console can take, in the order they are offered. */
const DECISIONS = ['under_review', 'approved', 'changes_requested', 'rejected', 'removed'] as const;
type Decision = (typeof DECISIONS)[number];
/** Decisions that cannot be taken back: asked once more before they are sent. */
const FINAL: readonly Decision[] = ['rejected', 'removed'];

/** The submission's timeline as staff see it: who (name and role), when, from, to, the note, signed. */
function Timeline({ transitions }: { transitions: ReviewDetails['transitions'] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const status = (value: ResearchStatus) => t(`exchange.statuses.${value}`);
  if (transitions.length === 0) return <p className="text-slate-500 dark:text-slate-400">{t('admin.submission.noTimeline')}</p>;
  return (
    <ol data-testid="review-timeline" className="space-y-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
      {transitions.map((step) => (
        <li key={step.id} data-testid="review-timeline-step" data-to={step.to} className="space-y-1">
          <p className="font-medium">
            {step.from ? t('admin.timeline.moved', { from: status(step.from), to: status(step.to) }) : t('admin.timeline.created', { to: status(step.to) })}
            {step.signed ? (
              <span className="ms-2 rounded-full border border-emerald-600 px-2 text-xs text-emerald-800 dark:border-emerald-400 dark:text-emerald-200">{t('admin.timeline.signed')}</span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <time dateTime={step.at}>{formatDate(step.at, locale, 'dateTime')}</time>
            {' · '}
            {step.actor ? (
              // Only the name takes its own direction (<bdi>): "name (role)" under dir="auto" put an
              // Arabic name's role before it on an English page, "(Supervisor) د. أحمد".
              <span data-testid="review-timeline-by">
                <bdi>{step.actor.name}</bdi> {t('admin.timeline.role', { role: t(`roles.${step.actor.role}`, { defaultValue: step.actor.role }) })}
              </span>
            ) : (
              t('admin.timeline.system')
            )}
          </p>
          {/* The note in its own direction and alignment: an Arabic reason on an English page starts on the right. */}
          {step.note ? <p dir="auto" data-testid="review-timeline-note" className="whitespace-pre-line rounded-lg bg-slate-50 p-2 text-start text-sm dark:bg-slate-800">{step.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The decisions the API allows here, with the reason, its templates and the signature. */
function DecisionForm({ details, onDecided }: { details: ReviewDetails; onDecided: (message: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const id = useId();
  const allowed = DECISIONS.filter((decision) => details.allowed.includes(decision));
  const [decision, setDecision] = useState<Decision | ''>(allowed.length === 1 ? allowed[0]! : '');
  const [reason, setReason] = useState('');
  const [signed, setSigned] = useState(false);
  const [template, setTemplate] = useState('');
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'error'; text: string; field?: boolean }>({ kind: 'idle' });
  const templates = useAsync((signal) => fetchReasonTemplates(signal), []);
  const user = useSession(selectUser);

  if (allowed.length === 0) {
    return (
      <p data-testid="review-no-decision" className="text-slate-600 dark:text-slate-300">
        {details.owner.id === user?.id ? t('admin.submission.ownSubmission') : t('admin.submission.noDecision')}
      </p>
    );
  }

  const needsReason = decision !== '' && REASON_REQUIRED.includes(decision);
  const fitting = (templates.data ?? []).filter((item: ReasonTemplate) => item.decision === decision);
  const templateText = (item: ReasonTemplate, language: Locale = locale) => localizedField(item as unknown as { text: string; text_en: string }, 'text', language);
  const insert = () => {
    const chosen = fitting.find((item) => String(item.id) === template);
    if (!chosen) return;
    // In the author's language: they read the reason in their e-mail and timeline.
    const text = templateText(chosen, details.author_locale);
    setReason((current) => (current.trim() ? `${current.trimEnd()}\n${text}` : text));
    setTemplate('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return;
    if (needsReason && !reason.trim()) {
      setState({ kind: 'error', text: t('admin.submission.reasonRequired'), field: true });
      return;
    }
    if (FINAL.includes(decision)) {
      setConfirming(decision);
      return;
    }
    await send(decision);
  };
  const send = async (to: Decision) => {
    setState({ kind: 'sending' });
    try {
      const answer = await decideResearch(details.id, { to, reason: reason.trim() || null, signed });
      setState({ kind: 'idle' });
      setReason('');
      onDecided(answer.msg ?? t('admin.submission.done'));
    } catch (error) {
      setState({ kind: 'error', text: isApiError(error) ? error.message : t('admin.submission.failed') });
    }
  };
  const sending = state.kind === 'sending';
  const reasonError = state.kind === 'error' && state.field ? state.text : undefined;
  return (
    <form noValidate onSubmit={submit} data-testid="review-decision" className="space-y-4" aria-busy={sending}>
      <fieldset disabled={sending} className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('admin.submission.choose')}</legend>
        <div className="flex flex-wrap gap-3">
          {allowed.map((option) => (
            <label key={option} className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 dark:border-slate-700 dark:has-[:checked]:border-emerald-400 dark:has-[:checked]:bg-emerald-950">
              <input type="radio" name="decision" value={option} checked={decision === option} onChange={() => setDecision(option)} className="accent-emerald-700" data-testid={`review-decision-${option}`} />
              {t(`admin.submission.decisions.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {decision && fitting.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('admin.submission.template')}
            <select value={template} onChange={(event) => setTemplate(event.target.value)} data-testid="review-template" className={controlClass(false)}>
              <option value="">{t('admin.submission.chooseTemplate')}</option>
              {fitting.map((item) => (
                <option key={item.id} value={String(item.id)}>{templateText(item)}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={insert} disabled={!template || sending} data-testid="review-template-insert" className="rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 disabled:opacity-50 dark:border-emerald-400 dark:text-emerald-200">
            {t('admin.submission.insert')}
          </button>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('admin.submission.reason')}
          {needsReason ? <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">*</span> : null}
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          dir="auto"
          rows={4}
          maxLength={2000}
          value={reason}
          disabled={sending}
          aria-required={needsReason || undefined}
          aria-invalid={Boolean(reasonError)}
          aria-describedby={`${id}-reason-hint${reasonError ? ` ${id}-reason-error` : ''}`}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError) setState({ kind: 'idle' });
          }}
          data-testid="review-reason"
          className={controlClass(Boolean(reasonError))}
        />
        <p id={`${id}-reason-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('admin.submission.reasonHint', { language: LOCALES[details.author_locale].nativeName })}</p>
        {reasonError ? <p id={`${id}-reason-error`} role="alert" data-testid="error-reason" className="mt-1 text-sm text-red-700 dark:text-red-400">{reasonError}</p> : null}
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
        <input type="checkbox" checked={signed} disabled={sending} onChange={(event) => setSigned(event.target.checked)} data-testid="review-sign" className="mt-0.5 size-4 accent-emerald-700" />
        {t('admin.submission.sign')}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={!decision || sending} data-testid="review-decide" className="rounded-lg bg-emerald-700 px-6 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60">
          {sending ? t('admin.submission.sending') : t('admin.submission.submit')}
        </button>
        {state.kind === 'error' && !state.field ? <p role="alert" data-testid="review-decision-error" className="text-red-700 dark:text-red-400">{state.text}</p> : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('admin.submission.confirmTitle')}
          body={t(`admin.submission.confirmBody.${confirming}`)}
          confirmLabel={t(`admin.submission.decisions.${confirming}`)}
          cancelLabel={t('admin.submission.confirmBack')}
          danger
          onConfirm={() => {
            setConfirming(null);
            void send(confirming);
          }}
          onCancel={() => setConfirming(null)}
          testId="review-confirm"
        />
      ) : null}
    </form>
  );
}

function Text({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</h3>
      <p dir="auto" lang={localeOfText(value)} data-testid={testId} className="mt-1 whitespace-pre-line text-slate-900 dark:text-slate-100">{value}</p>
    </div>
  );
}

/** Staff who may assign (reviewers, administrators) get the reviewers to choose from; a supervisor gets none. */
interface Assigning {
  reviewers: Reviewer[];
  me: number | undefined;
  onSaved: (result: AssignResult) => void;
}

function Details({ details, onDecided, assigning }: { details: ReviewDetails; onDecided: (message: string) => void; assigning: Assigning | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const loadLink = useCallback(() => fetchResearchFileLink(details.id), [details.id]);
  const fact = 'font-medium text-slate-600 dark:text-slate-300';
  const person = (value: { name: string; email: string } | null) =>
    value ? (
      <>
        <span dir="auto">{value.name}</span> <span dir="ltr" className="text-slate-500 dark:text-slate-400">&lt;{value.email}&gt;</span>
      </>
    ) : (
      t('admin.submission.noSupervisor')
    );
  return (
    <div className="space-y-8">
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-slate-800">
        <dt className={fact}>{t('admin.submission.status')}</dt>
        <dd data-testid="review-status" data-status={details.status}>{t(`exchange.statuses.${details.status}`)}</dd>
        <dt className={fact}>{t('admin.submission.clock')}</dt>
        <dd><ClockBadge clock={details.clock} testId="review-details-clock" /></dd>
        <dt className={fact}>{t('admin.submission.submittedAt')}</dt>
        <dd><time dateTime={details.submitted_at}>{formatDate(details.submitted_at, locale, 'dateTime')}</time></dd>
        <dt className={fact}>{t('admin.submission.type')}</dt>
        <dd>{t(`exchange.types.${details.research_type}`)}</dd>
        <dt className={fact}>{t('admin.submission.category')}</dt>
        <dd dir="auto">{details.category ? localizedField(details.category, 'name', locale) : details.other_category ?? '—'}</dd>
        <dt className={fact}>{t('admin.submission.author')}</dt>
        <dd data-testid="review-author">{person(details.owner)}</dd>
        <dt className={fact}>{t('admin.submission.supervisor')}</dt>
        <dd>{person(details.supervisor)}</dd>
        <dt className={fact}>{t('admin.submission.reviewer')}</dt>
        <dd>
          {assigning ? (
            <AssignReviewer item={details} {...assigning} />
          ) : details.assigned_reviewer ? (
            person(details.assigned_reviewer)
          ) : (
            t('admin.queue.unassigned')
          )}
        </dd>
      </dl>

      <section className="grid gap-6 md:grid-cols-2">
        <Text label={t('admin.submission.titleAr')} value={details.title} testId="review-title-ar" />
        <Text label={t('admin.submission.titleEn')} value={details.title_en} testId="review-title-en" />
        <Text label={t('admin.submission.descriptionAr')} value={details.description} />
        <Text label={t('admin.submission.descriptionEn')} value={details.description_en} />
        <div className="md:col-span-2">
          <Text label={t('admin.submission.abstract')} value={details.abstract} testId="review-abstract" />
        </div>
      </section>

      <section aria-labelledby="review-file-heading" className="space-y-3">
        <h2 id="review-file-heading" className="text-xl font-semibold">{t('admin.submission.file')}</h2>
        <ProtectedFile
          file={details.file}
          loadLink={loadLink}
          toUrl={apiUrl}
          testId="review-file"
          renewMarginMs={RENEW_MARGIN_MS}
          scope="library"
          text={(key, values) => (key === 'title' ? t('admin.submission.file') : t(`file.${key}`, values ?? {}))}
        />
      </section>

      <section aria-labelledby="review-decide-heading" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="review-decide-heading" className="text-xl font-semibold">{t('admin.submission.decide')}</h2>
        {/* A new form per state: after a decision the choices are those of the new state. */}
        <DecisionForm key={`${details.status}-${details.transitions.length}`} details={details} onDecided={onDecided} />
      </section>

      <section aria-labelledby="review-timeline-heading" className="space-y-3">
        <h2 id="review-timeline-heading" className="text-xl font-semibold">{t('admin.submission.timeline')}</h2>
        <Timeline transitions={details.transitions} />
      </section>
    </div>
  );
}

/** `/admin/research/:id` (supervisor, reviewer, admin): read a submission, its PDF and timeline; decide. */
export function ReviewSubmission() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id: rawId = '' } = useParams();
  const id = routeId(rawId);
  const user = useSession(selectUser);
  const roles = user?.roles ?? [];
  const [message, setMessage] = useState<AssignResult | null>(null);
  const details = useAsync((signal) => (id === null ? Promise.reject(new Error('invalid id')) : fetchReviewDetails(String(id), signal)), [id]);
  const reviewer = roles.includes('reviewer') || roles.includes('admin');
  const reviewers = useAsync((signal) => (reviewer ? fetchReviewers(signal) : Promise.resolve([])), [reviewer]);
  // An administrator edits an approved (published) research's metadata in the console's editor.
  const editsMetadata = roles.includes('admin') && details.data?.status === 'approved';
  const notFound = id === null || (details.status === 'failed' && isApiError(details.error) && (details.error.status === 404 || details.error.status === 400));

  return (
    <section data-testid="review-submission" className="space-y-6">
      <Link to={reviewer ? ROUTES.adminReview : ROUTES.adminSupervision} className="text-sm font-semibold text-emerald-800 underline dark:text-emerald-300">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span> {reviewer ? t('admin.submission.back') : t('admin.submission.backSupervision')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50" dir="auto">
        {details.data ? localizedField(details.data, 'title', locale) : t('admin.submission.title', { id: rawId })}
      </h1>
      {editsMetadata && details.data ? (
        <Link to={ROUTES.adminResearchEdit(details.data.id)} data-testid="review-edit-metadata" className="inline-block rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-50 dark:border-emerald-400 dark:text-emerald-200 dark:hover:bg-emerald-950">
          {t('admin.submission.editMetadata')}
        </Link>
      ) : null}
      <div aria-live="polite">
        {message?.ok ? <p role="status" data-testid="review-decision-done" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">{message.text}</p> : null}
        {message && !message.ok ? <p role="alert" data-testid="review-assign-failed" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{message.text}</p> : null}
      </div>
      {notFound ? (
        <p role="alert" data-testid="review-not-found" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">{t('admin.submission.notFound')}</p>
      ) : details.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
          <p>{isApiError(details.error) ? details.error.message : t('admin.loadFailed')}</p>
          <button type="button" onClick={details.reload} className="mt-2 font-semibold underline">{t('admin.retry')}</button>
        </div>
      ) : !details.data ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('admin.loading')}</p>
      ) : (
        <Details
          details={details.data}
          onDecided={(text) => {
            setMessage({ ok: true, text });
            details.reload();
          }}
          assigning={
            reviewer
              ? {
                  reviewers: reviewers.data ?? [],
                  me: user?.id === undefined ? undefined : Number(user.id),
                  onSaved: (result) => {
                    setMessage(result);
                    if (result.ok) details.reload();
                  },
                }
              : null
          }
        />
      )}
    </section>
  );
}
