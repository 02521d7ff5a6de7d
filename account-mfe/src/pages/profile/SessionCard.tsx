import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { Consultation } from '@scholars/shared-contracts/schemas';
import { controlClass, primaryButtonClass, saveFile, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { ConfirmDialog, DIALOG_CLASS, useModalDialog } from '@scholars/shared-contracts/ui/dialog';
import { Text } from '@scholars/shared-contracts/ui/text';
import { formatDate, formatDateRange, isolate, pickLocalized, viewerTimeZone } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import {
  acceptSession,
  addSessionFile,
  cancelSession,
  declineSession,
  fetchSessionIcs,
  rateSession,
  removeSessionFile,
  rescheduleSession,
  saveNotes,
  sessionFileUrl,
  setMeetingLink,
} from '../../api/consultations';
import { errorText } from '../../lib/errors';
import { Badge, linkClass, type Tone } from '../../components/Status';
import { SlotPicker, type Slot } from '../consultations/SlotPicker';

const STATE_TONE: Record<Consultation['state'], Tone> = { requested: 'amber', accepted: 'green', declined: 'red', expired: 'slate', canceled: 'slate' };

type Dialog = 'cancel' | 'reschedule' | 'accept' | 'decline' | 'link' | null;

/**
 * One session as its member (`as="member"`) or its consultant sees it: state, time in the viewer's
 * zone, where, the meeting link and the calendar file; the actions the server allows (its
 * `canCancel`, `cancelCounts`, `canReschedule`, `canRate`: the screen re-derives no rule) and,
 * for the consultant, accept / decline before `acceptBy`, the meeting link, notes and files.
 */
export function SessionCard({ session, as, onChange }: { session: Consultation; as: 'member' | 'consultant'; onChange: (next: Consultation) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const zone = viewerTimeZone();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const started = Date.parse(session.start) <= Date.now();
  // An accepted session whose time is over reads as past, not "Confirmed" (still ahead, to a reader).
  const past = session.state === 'accepted' && Date.parse(session.end) <= Date.now();
  const stateLabel = past ? 'sessions.pastSession' : as === 'consultant' && session.state === 'requested' ? 'sessions.awaitingYou' : `sessions.states.${session.state}`;
  // The consultant turned the request down (or it was never answered): the member may book the same
  // consultant again, as the decline and expiry e-mails offer (their "Pick another time" link).
  const pickAgain = session.state === 'declined' || session.state === 'expired' || (session.state === 'canceled' && session.canceledBy === 'consultant');
  const other = as === 'member' ? t('sessions.with', { name: isolate(session.consultant.name) }) : t('sessions.from', { name: isolate(session.member.name) });

  const run = async (action: () => Promise<{ data: Consultation }>) => {
    setError(null);
    try {
      onChange((await action()).data);
      setDialog(null);
      return true;
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
      return false;
    }
  };

  const downloadIcs = async () => {
    setError(null);
    try {
      saveFile(await fetchSessionIcs(session.id), `consultation-${session.id}.ics`);
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
    }
  };

  return (
    <li data-testid="session-card" data-state={session.state} data-id={session.id} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Text as="h3" value={session.topic} className="text-lg font-bold text-slate-900 dark:text-slate-50" data-testid="session-topic" />
          <p className="text-sm text-slate-700 dark:text-slate-300">{other}</p>
          <p className="mt-1 text-sm font-medium text-slate-900 dark:text-slate-100" data-testid="session-time">
            {formatDateRange(session.start, session.end, locale, zone)}
          </p>
        </div>
        <Badge tone={past ? 'slate' : STATE_TONE[session.state]} testId="session-state">{t(stateLabel)}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500 dark:text-slate-400">{t('sessions.field')}</dt>
        <dd className="text-slate-800 dark:text-slate-200">{session.category ? `${pickLocalized(locale, session.category.name, session.category.nameEn)} · ` : ''}{t(`consultations.languages.${session.language}`)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('booking.mode')}</dt>
        <dd className="text-slate-800 dark:text-slate-200">{session.mode === 'online' ? t('sessions.modeOnline') : t('sessions.modeOnsite', { place: session.place ?? '' })}</dd>
        {session.description ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t('sessions.description')}</dt>
            <dd><Text as="p" value={session.description} className="whitespace-pre-line text-slate-800 dark:text-slate-200" /></dd>
          </>
        ) : null}
      </dl>
      {session.attachment ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t('sessions.attachment', { name: session.attachment.name })}{' '}
          <FileButton target={{ session: session.id }} name={session.attachment.name} onError={setError} />
        </p>
      ) : null}
      {session.state === 'requested' ? <p className="mt-2 text-sm text-amber-800 dark:text-amber-300" data-testid="session-accept-by">{t('sessions.acceptBy', { date: formatDate(session.acceptBy, locale, 'dateTime', zone) })}</p> : null}
      {session.rescheduled && (session.state === 'requested' || session.state === 'accepted') ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="session-rescheduled">
          {t(as === 'member' ? 'sessions.rescheduledByYou' : 'sessions.rescheduledByMember', { date: formatDate(session.rescheduled.from, locale, 'dateTime', zone) })}
          {session.rescheduled.reason ? <>{' · '}<Reason value={session.rescheduled.reason} /></> : null}
        </p>
      ) : null}
      {session.decisionReason ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300"><Reason value={session.decisionReason} /></p> : null}
      {session.state === 'canceled' ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {session.canceledBy ? (
            <span data-testid="session-canceled-by">{t(session.canceledBy === as ? 'sessions.canceledByYou' : `sessions.canceledBy.${session.canceledBy}`)}</span>
          ) : null}
          {session.cancelReason ? <>{' · '}<Reason value={session.cancelReason} /></> : null}
          {session.counts ? ` · ${t('sessions.counts')}` : null}
        </p>
      ) : null}
      {as === 'member' && pickAgain ? (
        <p className="mt-3">
          <Link to={ROUTES.consultant(session.consultant.id)} className={linkClass} data-testid="session-pick-again">{t('sessions.pickAgain')}</Link>
        </p>
      ) : null}

      {session.state === 'accepted' ? (
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {session.meetingLink ? (
            <a href={session.meetingLink} target="_blank" rel="noopener noreferrer" className={linkClass} data-testid="session-meeting-link">{t('sessions.meetingLink')}</a>
          ) : session.mode === 'online' ? (
            <span className="text-sm text-slate-600 dark:text-slate-300">{t('sessions.noLink')}</span>
          ) : null}
          <button type="button" onClick={() => void downloadIcs()} className={linkClass} data-testid="session-ics">{t('sessions.ics')}</button>
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {as === 'consultant' && session.canAnswer ? (
          <>
            <button type="button" className={primaryButtonClass} onClick={() => setDialog('accept')} data-testid="session-accept">{t('sessions.accept')}</button>
            <button type="button" className={secondaryButtonClass} onClick={() => setDialog('decline')} data-testid="session-decline">{t('sessions.decline')}</button>
          </>
        ) : null}
        {as === 'consultant' && session.state === 'accepted' && !started ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setDialog('link')} data-testid="session-edit-link">{t('sessions.editLink')}</button>
        ) : null}
        {as === 'member' && session.canReschedule ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setDialog('reschedule')} data-testid="session-reschedule">{t('sessions.reschedule')}</button>
        ) : null}
        {session.canCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setDialog('cancel')} data-testid="session-cancel">{t('sessions.cancel')}</button>
        ) : null}
      </div>
      {error ? <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="session-error">{error}</p> : null}

      {as === 'member' ? <MemberAfter session={session} run={run} /> : <ConsultantAfter session={session} run={run} />}

      {dialog === 'cancel' ? (
        <TextDialog
          title={t('sessions.cancelTitle')}
          body={session.cancelCounts ? <strong className="text-red-800 dark:text-red-300" data-testid="session-cancel-counts">{t('sessions.cancelLate')}</strong> : t('sessions.cancelBody')}
          label={t('sessions.cancelReason')}
          confirm={t('sessions.confirmCancel')}
          danger
          testId="cancel-dialog"
          error={error}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) => run(() => cancelSession(session.id, reason))}
        />
      ) : null}
      {dialog === 'decline' ? (
        <TextDialog title={t('sessions.declineTitle')} body={t('sessions.declineBody')} label={t('sessions.declineReason')} confirm={t('sessions.confirmDecline')} danger testId="decline-dialog" error={error} onCancel={() => setDialog(null)} onConfirm={(reason) => run(() => declineSession(session.id, reason))} />
      ) : null}
      {dialog === 'accept' || dialog === 'link' ? (
        <TextDialog
          title={dialog === 'accept' ? t('sessions.acceptTitle') : t('sessions.editLink')}
          body={t('sessions.meetingLinkHint')}
          label={t('sessions.meetingLinkLabel')}
          type="url"
          initial={session.meetingLink ?? ''}
          optional={dialog === 'accept'}
          confirm={dialog === 'accept' ? t('sessions.confirmAccept') : t('sessions.saveLink')}
          testId={dialog === 'accept' ? 'accept-dialog' : 'link-dialog'}
          error={error}
          onCancel={() => setDialog(null)}
          onConfirm={(link) => run(() => (dialog === 'accept' ? acceptSession(session.id, link.trim() || null) : setMeetingLink(session.id, link.trim())))}
        />
      ) : null}
      {dialog === 'reschedule' ? <RescheduleDialog session={session} error={error} onCancel={() => setDialog(null)} onConfirm={(slot, reason) => run(() => rescheduleSession(session.id, slot.start, reason))} /> : null}
    </li>
  );
}

/** "Reason:" and a reason someone wrote, isolated: its own direction never reorders the label's line (an Arabic reason on an English page). */
function Reason({ value }: { value: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      {t('sessions.reason')} <bdi data-testid="session-reason">{value}</bdi>
    </>
  );
}

type Run = (action: () => Promise<{ data: Consultation }>) => Promise<boolean>;

/** After the session, the member's side: the rating (1-5) and review while the server allows it, the consultant's notes and files. */
function MemberAfter({ session, run }: { session: Consultation; run: Run }) {
  const { t } = useTranslation(NAMESPACE);
  const [rating, setRating] = useState(session.rating ?? 0);
  const [review, setReview] = useState(session.review ?? '');
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return;
    setBusy(true);
    await run(() => rateSession(session.id, rating, review));
    setBusy(false);
  };
  return (
    <>
      {session.notes ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('sessions.notesFrom')}</h4>
          <Text as="p" value={session.notes} className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300" data-testid="session-notes" />
        </div>
      ) : null}
      {session.files.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('sessions.filesFrom')}</h4>
          <ul className="mt-1 list-inside list-disc text-sm text-slate-700 dark:text-slate-300" data-testid="session-files">
            {session.files.map((file) => (
              <li key={file.id}>
                {file.name} <FileButton target={{ file: file.id }} name={file.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {session.rating && !session.canRate ? <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="session-rating">{t('sessions.yourRating', { rating: session.rating })}</p> : null}
      {session.canRate ? (
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60" data-testid="rating-form">
          <fieldset>
            <legend id={groupId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('sessions.rate')}</legend>
            <div className="mt-2 flex gap-1" role="radiogroup" aria-labelledby={groupId}>
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="cursor-pointer text-2xl">
                  <input type="radio" name={`rating-${session.id}`} value={value} checked={rating === value} onChange={() => setRating(value)} className="peer sr-only" aria-label={t('sessions.stars', { count: value })} data-testid={`rating-${value}`} />
                  <span aria-hidden="true" className={`rounded peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-600 ${value <= rating ? 'text-amber-500' : 'text-slate-300 dark:text-slate-600'}`}>★</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('sessions.review')}</span>
            <textarea value={review} onChange={(event) => setReview(event.target.value)} maxLength={1000} rows={3} className={controlClass(false)} data-testid="rating-review" />
          </label>
          <button type="submit" disabled={busy || rating < 1} className={primaryButtonClass} data-testid="rating-save">{t('sessions.saveRating')}</button>
        </form>
      ) : null}
    </>
  );
}

/** After the start, the consultant's side: notes and up to 5 PDF files for the member. */
function ConsultantAfter({ session, run }: { session: Consultation; run: Run }) {
  const { t } = useTranslation(NAMESPACE);
  const [notes, setNotes] = useState(session.notes ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  // The member's rating stays with the session; the notes and files only while they may be written.
  if (!session.rating && !session.canWriteNotes) return null;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await run(() => saveNotes(session.id, notes))) setMessage(t('sessions.saved'));
    setBusy(false);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    await run(() => addSessionFile(session.id, file));
    setBusy(false);
  };
  const remove = async (fileId: number) => {
    setRemoving(null);
    setBusy(true);
    await run(() => removeSessionFile(session.id, fileId));
    setBusy(false);
  };
  return (
    <div className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60" data-testid="consultant-after">
      {session.rating ? (
        <div data-testid="session-member-rating">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('sessions.memberRating', { rating: session.rating })}</p>
          {session.review ? <Text as="p" value={session.review} className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300" /> : null}
        </div>
      ) : null}
      {session.canWriteNotes ? (
        <>
          <form onSubmit={(event) => void save(event)} className="space-y-2">
            <label className="block">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('sessions.notes')}</span>
              <textarea value={notes} onChange={(event) => setNotes(event.target.value)} rows={4} className={controlClass(false)} data-testid="session-notes-input" />
            </label>
            <button type="submit" disabled={busy} className={secondaryButtonClass} data-testid="session-notes-save">{t('sessions.saveNotes')}</button>
            {message ? <span role="status" className="ms-3 text-sm text-emerald-700 dark:text-emerald-400">{message}</span> : null}
          </form>
          <div>
            <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('sessions.files')}</h4>
            <ul className="mt-1 space-y-1 text-sm" data-testid="session-files">
              {session.files.map((file) => (
                <li key={file.id} className="flex items-center gap-3">
                  <span className="text-slate-700 dark:text-slate-300">{file.name}</span>
                  <FileButton target={{ file: file.id }} name={file.name} />
                  <button type="button" disabled={busy} onClick={() => setRemoving({ id: file.id, name: file.name })} className="text-red-700 hover:underline dark:text-red-400" aria-label={t('sessions.removeFile', { name: file.name })}>×</button>
                </li>
              ))}
            </ul>
            {session.files.length < 5 ? (
              <label className={`${secondaryButtonClass} mt-2 cursor-pointer`}>
                {t('sessions.addFile')}
                <input type="file" accept="application/pdf,.pdf" className="sr-only" disabled={busy} onChange={(event) => { void upload(event.target.files?.[0]); event.target.value = ''; }} data-testid="session-file-input" />
              </label>
            ) : null}
          </div>
        </>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('sessions.removeFileTitle')}
          body={t('sessions.removeFileBody', { name: removing.name })}
          confirmLabel={t('sessions.removeFileConfirm')}
          cancelLabel={t('common:actions.cancel')}
          danger
          onConfirm={() => void remove(removing.id)}
          onCancel={() => setRemoving(null)}
          testId="remove-file-dialog"
        />
      ) : null}
    </div>
  );
}

/** Downloads a private file of the session through its short-lived signed link. */
function FileButton({ target, name, onError }: { target: { session: number } | { file: number }; name: string; onError?: (message: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.location.assign(await sessionFileUrl(target));
    } catch (failure) {
      onError?.(errorText(failure, t('common:messages.genericError')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" disabled={busy} onClick={() => void open()} className={linkClass} aria-label={`${t('sessions.download')}: ${name}`}>
      {t('sessions.download')}
    </button>
  );
}

/** A modal asking one text (a reason, a meeting link) before an action. */
function TextDialog({
  title,
  body,
  label,
  confirm,
  onConfirm,
  onCancel,
  error,
  testId,
  danger = false,
  type = 'text',
  initial = '',
  optional = false,
}: {
  title: string;
  body?: ReactNode;
  label: string;
  confirm: string;
  onConfirm: (value: string) => Promise<boolean>;
  onCancel: () => void;
  error: string | null;
  testId: string;
  danger?: boolean;
  type?: 'text' | 'url';
  initial?: string;
  optional?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const ref = useModalDialog();
  const titleId = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!optional && !value.trim()) return;
    setBusy(true);
    await onConfirm(value);
    setBusy(false);
  };
  return (
    <dialog ref={ref} aria-labelledby={titleId} data-testid={testId} className={DIALOG_CLASS} onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <form onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className="text-lg font-bold">{title}</h2>
        {body ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{body}</div> : null}
        <label className="mt-4 block">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</span>
          {type === 'url' ? (
            <input type="url" dir="ltr" value={value} onChange={(event) => setValue(event.target.value)} className={controlClass(false)} data-testid={`${testId}-input`} placeholder="https://" />
          ) : (
            <textarea value={value} onChange={(event) => setValue(event.target.value)} required={!optional} rows={3} className={controlClass(false)} data-testid={`${testId}-input`} />
          )}
        </label>
        {error ? <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">{error}</p> : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('sessions.keep')}</button>
          <button type="submit" disabled={busy || (!optional && !value.trim())} data-testid={`${testId}-confirm`} className={danger ? 'rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60' : primaryButtonClass}>
            {busy ? t('sessions.working') : confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Reschedule: a new free slot of the same consultant, and the reason. */
function RescheduleDialog({ session, error, onCancel, onConfirm }: { session: Consultation; error: string | null; onCancel: () => void; onConfirm: (slot: Slot, reason: string) => Promise<boolean> }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const ref = useModalDialog();
  const titleId = useId();
  const [slot, setSlot] = useState<Slot | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slot || !reason.trim()) return;
    setBusy(true);
    await onConfirm(slot, reason.trim());
    setBusy(false);
  };
  return (
    <dialog ref={ref} aria-labelledby={titleId} data-testid="reschedule-dialog" className={`${DIALOG_CLASS} max-h-[90vh] w-[min(40rem,calc(100%-2rem))] overflow-y-auto`} onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <form onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className="text-lg font-bold">{t('sessions.rescheduleTitle')}</h2>
        <SlotPicker consultantId={session.consultant.id} consultantZone={session.consultant.timeZone} onPick={setSlot} selected={slot?.start ?? ''} />
        <label className="mt-4 block">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('sessions.rescheduleReason')}</span>
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={2} className={controlClass(false)} data-testid="reschedule-reason" />
        </label>
        {error ? <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">{error}</p> : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>{t('sessions.close')}</button>
          <button type="submit" disabled={busy || !slot || !reason.trim()} className={primaryButtonClass} data-testid="reschedule-confirm">
            {slot ? t('sessions.rescheduleConfirm', { time: formatDate(slot.start, locale, 'dateTime', viewerTimeZone()) }) : t('sessions.rescheduleTitle')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
