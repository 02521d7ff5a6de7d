import { useState, type FormEvent } from 'react';
import { useForm, get, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, useLocale } from '@scholars/shared-contracts';
import { controlClass, labelClass, Pagination, primaryButtonClass, saveFile, secondaryButtonClass, useAsync, usePageInRange } from '@scholars/shared-contracts/ui';
import { BilingualField, StackedCell } from '@scholars/shared-contracts/ui/content';
import { formatDate, formatNumber, formatTimeZone, localizedField, PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import { REGISTRATION_STATUSES, registrationsMailSchema, type AdminRegistration, type RegistrationsMailInput, pageCount } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { exportRegistrations, fetchAdminConference, fetchRegistrations, fetchWaitingList, mailRegistrants, markEveryonePresent, setAttendance } from '../../api/admin-conferences';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { cardClass, headClass, linkClass, MessageLine, rowClass, SectionState, tableClass, Th, type Message } from '../../components/admin/Console';

const LIMIT = 50;
const EMPTY_MAIL: RegistrationsMailInput = { subject: '', subject_en: '', body: '', body_en: '' };

/** The bilingual e-mail to every active registrant, confirmed before it is sent. */
function MailForm({ conferenceId, title }: { conferenceId: number; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [message, setMessage] = useState<Message>(null);
  const [pending, setPending] = useState<RegistrationsMailInput | null>(null);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<RegistrationsMailInput>({ defaultValues: EMPTY_MAIL, resolver: zodResolver(registrationsMailSchema) });
  const err = (name: keyof RegistrationsMailInput) => {
    const found = get(errors, name) as FieldError | undefined;
    return found?.message ? t(`common:${found.message}`, { defaultValue: found.message }) : undefined;
  };
  const send = async (body: RegistrationsMailInput) => {
    setPending(null);
    try {
      const answer = await mailRegistrants(conferenceId, body);
      setMessage({ ok: true, text: answer.msg ?? '' });
      reset(EMPTY_MAIL);
    } catch (error) {
      setMessage({ ok: false, text: isApiError(error) ? error.message : t('admin.failed') });
    }
  };
  return (
    <form noValidate data-testid="registrants-mail" onSubmit={handleSubmit((values) => setPending(values))} className={`${cardClass} space-y-4`}>
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('admin.registrations.mail.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.registrations.mail.hint')}</p>
      </div>
      <BilingualField label={t('admin.registrations.mail.subject')} arabic={register('subject')} english={register('subject_en')} arabicError={err('subject')} englishError={err('subject_en')} required />
      <BilingualField label={t('admin.registrations.mail.body')} rows={6} arabic={register('body')} english={register('body_en')} arabicError={err('body')} englishError={err('body_en')} required />
      <MessageLine message={message} testId="registrants-mail-message" />
      <button type="submit" className={primaryButtonClass} data-testid="registrants-mail-send">{t('admin.registrations.mail.send')}</button>
      {pending ? (
        <ConfirmDialog
          title={t('admin.registrations.mail.confirmTitle')}
          body={t('admin.registrations.mail.confirmBody', { title })}
          confirmLabel={t('admin.registrations.mail.confirm')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => void send(pending)}
          onCancel={() => setPending(null)}
          testId="registrants-mail-dialog"
        />
      ) : null}
    </form>
  );
}

/** The most of a waiting list shown at once (the API's page limit); longer lists say how many more wait. */
const WAITING_SHOWN = 100;

/** Who waits for a seat, in the order seats go to them; a suspended member is passed over, keeping the place. */
function WaitingList({ conferenceId }: { conferenceId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchWaitingList(conferenceId, { page: 1, limit: WAITING_SHOWN }, signal), [conferenceId]);
  const column = (name: string) => t(`admin.registrations.waiting.columns.${name}`);
  return (
    <section className={`${cardClass} space-y-4`} data-testid="waiting-list">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('admin.registrations.waiting.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.registrations.waiting.hint')}</p>
      </div>
      {list.status === 'failed' ? (
        <SectionState state="failed" onRetry={list.reload} />
      ) : !list.data ? (
        <SectionState state="loading" />
      ) : list.data.data.length === 0 ? (
        <SectionState state="empty" empty={t('admin.registrations.waiting.empty')} />
      ) : (
        <>
          <table className={tableClass}>
            <thead className={headClass}>
              <tr>{['place', 'name', 'email', 'phone', 'joinedAt'].map((name) => <Th key={name}>{column(name)}</Th>)}</tr>
            </thead>
            <tbody className="max-md:block">
              {list.data.data.map((row) => (
                <tr key={row.user_id} data-testid="waiting-row" data-id={row.user_id} className={rowClass}>
                  <StackedCell label={column('place')}>{formatNumber(row.place, locale)}</StackedCell>
                  <StackedCell label={column('name')}>
                    <bdi>{row.name}</bdi>
                    {row.suspended ? <span className="ms-2 text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="waiting-suspended">{t('admin.registrations.waiting.suspended')}</span> : null}
                  </StackedCell>
                  <StackedCell label={column('email')}><bdi>{row.email}</bdi></StackedCell>
                  <StackedCell label={column('phone')}>{row.phone ? <bdi dir="ltr">{row.phone}</bdi> : '—'}</StackedCell>
                  <StackedCell label={column('joinedAt')}><time dateTime={row.joined_at}>{formatDate(row.joined_at, locale, 'dateTime')}</time></StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.tot > list.data.data.length ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="waiting-more">
              {t('admin.registrations.waiting.more', { shown: formatNumber(list.data.data.length, locale), total: formatNumber(list.data.tot, locale) })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * `/admin/conferences/:id/registrations` (administrators): the registrants, their CSV, who was present
 * (once the conference has started: each member marked gets their certificate of attendance), who
 * waits for a seat, and an e-mail to all registrants.
 */
export function ConferenceRegistrations() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = REGISTRATION_STATUSES.find((value) => value === params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState({ q, status: status ?? '' });
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<Message>(null);
  const [attendanceMessage, setAttendanceMessage] = useState<Message>(null);
  // What is being sent (one row's new state, shown at once, or everyone), then the server's answer for each row (`answered`).
  const [marking, setMarking] = useState<{ id: number; attended: boolean } | 'all' | null>(null);
  const [answered, setAnswered] = useState<Record<number, AdminRegistration>>({});
  const [askingAll, setAskingAll] = useState(false);
  const conference = useAsync((signal) => fetchAdminConference(id, signal), [id]);
  const list = useAsync((signal) => fetchRegistrations(id, { q: q || undefined, status, page, limit: LIMIT }, signal), [id, q, status, page]);
  const pages = pageCount(list.data?.tot ?? 0, LIMIT);
  const beyond = usePageInRange(page, list.data ? pages : undefined);

  if (conference.status === 'failed') return <SectionState state="failed" onRetry={conference.reload} />;
  if (conference.data === undefined) return <SectionState state="loading" />;
  if (conference.data === null) return <p role="alert" data-testid="admin-conference-not-found">{t('admin.form.notFound')}</p>;
  const record = conference.data;
  const title = localizedField(record, 'title', locale);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.status) next.set('status', draft.status);
    setParams(next);
  };
  const download = async () => {
    setExporting(true);
    setExportMessage(null);
    try {
      saveFile(await exportRegistrations(record.id), `conference-${record.id}-registrations.csv`);
    } catch {
      setExportMessage({ ok: false, text: t('admin.registrations.exportFailed') });
    }
    setExporting(false);
  };
  const column = (name: string) => t(`admin.registrations.columns.${name}`);
  /** Marks one registrant as present or not: ticked at once, then the row as the server answers it (unticked again if refused). */
  const mark = async (row: AdminRegistration, attended: boolean) => {
    setMarking({ id: row.id, attended });
    try {
      const answer = await setAttendance(record.id, row.id, attended);
      setAnswered((current) => ({ ...current, [row.id]: answer.data }));
      setAttendanceMessage({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      setAttendanceMessage({ ok: false, text: isApiError(error) ? error.message : t('admin.failed') });
    }
    setMarking(null);
  };
  const isPresent = (row: AdminRegistration) =>
    marking !== null && marking !== 'all' && marking.id === row.id ? marking.attended : (answered[row.id] ?? row).attended_at !== null;
  const markAll = async () => {
    setAskingAll(false);
    setMarking('all');
    try {
      const answer = await markEveryonePresent(record.id);
      setAttendanceMessage({ ok: true, text: answer.msg ?? '' });
      setAnswered({});
      list.reload();
    } catch (error) {
      setAttendanceMessage({ ok: false, text: isApiError(error) ? error.message : t('admin.failed') });
    }
    setMarking(null);
  };

  return (
    <section data-testid="conference-registrations" className="space-y-6">
      <header className="space-y-2">
        <Link to={ROUTES.adminConference(record.id)} className={linkClass}>{t('admin.registrations.back')}</Link>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('admin.registrations.of', { title })}</h1>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <form role="search" onSubmit={apply} className="flex flex-wrap items-end gap-3">
          <label className={labelClass}>
            {t('admin.registrations.searchLabel')}
            <input type="search" name="q" maxLength={200} value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid="registrants-q" />
          </label>
          <label className={labelClass}>
            {t('admin.registrations.status')}
            <select name="status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })} className={controlClass(false)} data-testid="registrants-status">
              <option value="">{t('admin.any')}</option>
              {REGISTRATION_STATUSES.map((value) => <option key={value} value={value}>{t(`admin.registrations.statuses.${value}`)}</option>)}
            </select>
          </label>
          <button type="submit" className={primaryButtonClass} data-testid="registrants-apply">{t('admin.apply')}</button>
        </form>
        <div className="flex flex-wrap gap-3">
          {record.started && record.registrations > 0 ? (
            <button type="button" onClick={() => setAskingAll(true)} disabled={marking !== null} className={secondaryButtonClass} data-testid="registrants-mark-all">
              {t('admin.registrations.attendance.markAll')}
            </button>
          ) : null}
          <button type="button" onClick={() => void download()} disabled={exporting} className={secondaryButtonClass} data-testid="registrants-export">
            {exporting ? t('admin.registrations.exporting') : t('admin.registrations.export')}
          </button>
        </div>
      </div>
      <MessageLine message={exportMessage} testId="registrants-export-message" />
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="registrants-attendance-hint">
        {t(record.started ? 'admin.registrations.attendance.hint' : 'admin.registrations.attendance.notStarted')}
      </p>
      <MessageLine message={attendanceMessage} testId="registrants-attendance-message" />
      {askingAll ? (
        <ConfirmDialog
          title={t('admin.registrations.attendance.markAllTitle')}
          body={t('admin.registrations.attendance.markAllBody', { title })}
          confirmLabel={t('admin.registrations.attendance.markAllConfirm')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => void markAll()}
          onCancel={() => setAskingAll(false)}
          testId="registrants-mark-all-dialog"
        />
      ) : null}

      {list.status === 'failed' ? (
        <SectionState state="failed" onRetry={list.reload} />
      ) : !list.data || beyond ? (
        <SectionState state="loading" />
      ) : list.data.data.length === 0 ? (
        <SectionState state="empty" empty={t('admin.registrations.empty')} />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="registrants-count">
            {t('admin.registrations.results', { count: list.data.tot, formatted: formatNumber(list.data.tot, locale) })}
            {' · '}
            <span data-testid="registrants-zone">{t('admin.registrations.timesIn', { zone: formatTimeZone(PLATFORM_TIME_ZONE, locale) })}</span>
          </p>
          <table className={tableClass}>
            <thead className={headClass}>
              <tr>{['name', 'email', 'phone', 'registeredAt', 'status', 'present'].map((name) => <Th key={name}>{column(name)}</Th>)}</tr>
            </thead>
            <tbody className="max-md:block">
              {list.data.data.map((row) => (
                <tr key={row.id} data-testid="registrant-row" data-id={row.id} className={rowClass}>
                  <StackedCell label={column('name')}><bdi>{row.name}</bdi></StackedCell>
                  <StackedCell label={column('email')}><bdi>{row.email}</bdi></StackedCell>
                  <StackedCell label={column('phone')}>{row.phone ? <bdi dir="ltr">{row.phone}</bdi> : '—'}</StackedCell>
                  <StackedCell label={column('registeredAt')}><time dateTime={row.registered_at}>{formatDate(row.registered_at, locale, 'dateTime')}</time></StackedCell>
                  <StackedCell label={column('status')}>{row.canceled_by === 'organizers' ? t('admin.registrations.canceledByOrganizers') : t(`admin.registrations.statuses.${row.status}`)}</StackedCell>
                  <StackedCell label={column('present')}>
                    {record.started && (row.status === 'registered' || row.attended_at) ? (
                      <label className="inline-flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={isPresent(row)}
                          disabled={marking !== null}
                          onChange={(event) => void mark(row, event.target.checked)}
                          className="size-4 accent-emerald-700"
                          data-testid="registrant-present"
                        />
                        {t('admin.registrations.attendance.present')}
                      </label>
                    ) : (
                      '—'
                    )}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pages={pages} testId="registrants-pagination" />
        </>
      )}

      {record.waiting > 0 ? <WaitingList conferenceId={record.id} /> : null}

      {record.registrations > 0 ? (
        <MailForm conferenceId={record.id} title={title} />
      ) : (
        <section className={cardClass} data-testid="registrants-mail-nobody">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('admin.registrations.mail.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.registrations.mail.nobody')}</p>
        </section>
      )}
    </section>
  );
}
