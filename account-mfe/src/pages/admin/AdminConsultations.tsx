import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { CONSULTATION_STATES, type Consultation } from '@scholars/shared-contracts/schemas';
import { formatDate, formatTimeZone, isolate, localDateTime, pickLocalized, viewerTimeZone, zonedTimeToInstant } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { arrangeConsultation, cancelConsultationAsAdmin, fetchAdminConsultants, fetchAdminConsultations, fetchConsultation, fetchResearchFields } from '../../api/admin-consultations';
import { LIST_LIMIT, ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { ReasonDialog, useActionNotice, type ReasonRequest } from '../../components/ReasonDialog';
import { Badge, SectionState, StackedCell, linkClass, stackedRowClass, type Tone } from '../../components/Status';

/** `overdue=true`: requests past their acceptance deadline or within 12 hours of it (the API's rule). */
const FILTERS = { state: { values: CONSULTATION_STATES }, overdue: { values: ['true'] } } as const;

export const STATE_TONES: Record<Consultation['state'], Tone> = { requested: 'amber', accepted: 'green', declined: 'slate', expired: 'red', canceled: 'slate' };

/** A request whose acceptance is late or due within 12 hours (highlighted). */
export function isOverdue(consultation: Pick<Consultation, 'state' | 'acceptBy'>, now = Date.now()): boolean {
  return consultation.state === 'requested' && Date.parse(consultation.acceptBy) - now <= 12 * 3_600_000;
}

/** Sessions an administrator may still cancel. */
const CANCELABLE: ReadonlySet<Consultation['state']> = new Set(['requested', 'accepted']);

/**
 * Consultations (administrators): search, the state and overdue filters in the address, each row's
 * member, consultant, time (in the viewer's zone) and state, a request's acceptance deadline
 * (highlighted when overdue); `?open=<id>` shows one, which an administrator may cancel with a reason (never counted
 * against the member); "Arrange a session" records one the staff arranged.
 */
export function AdminConsultations() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const { state, overdue } = params.filters;
  const list = useAsync(
    (signal) => fetchAdminConsultations({ state, overdue: overdue === 'true' ? true : undefined, search: params.q || undefined, page: params.page, limit: LIST_LIMIT }, signal),
    [state, overdue, params.q, params.page],
  );
  const [arranging, setArranging] = useState(false);
  const action = useActionNotice();
  const zone = viewerTimeZone();
  const openId = params.open !== null && /^\d+$/.test(params.open) ? Number(params.open) : null;
  return (
    <section data-testid="admin-consultations">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('consultationsAdmin.sessions.title')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('consultationsAdmin.sessions.intro', { zone })}</p>
        </div>
        <button type="button" className={primaryButtonClass} onClick={() => setArranging(true)} disabled={arranging} data-testid="arrange-open">
          {t('consultationsAdmin.arrange.open')}
        </button>
      </div>
      <ListFilters
        key={`${params.q}|${state ?? ''}|${overdue ?? ''}`}
        q={params.q}
        drafts={params.drafts}
        searchLabel={t('consultationsAdmin.sessions.search')}
        selects={[{ name: 'state', label: t('consultationsAdmin.sessions.state'), options: [['', t('consultationsAdmin.any')], ...CONSULTATION_STATES.map((value) => [value, t(`consultationsAdmin.states.${value}`)] as const)] }]}
        submitLabel={t('consultationsAdmin.apply')}
        onApply={params.apply}
        testId="consultations"
      >
        {(draft, set) => (
          <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800 dark:text-slate-100">
            <input type="checkbox" className="size-4 accent-emerald-700" checked={draft.overdue === 'true'} onChange={(event) => set('overdue', event.target.checked ? 'true' : '')} data-testid="consultations-overdue" />
            {t('consultationsAdmin.sessions.overdue')}
          </label>
        )}
      </ListFilters>
      {action.view}
      {arranging ? (
        <ArrangeForm
          onCancel={() => setArranging(false)}
          onArranged={(id) => {
            setArranging(false);
            params.setOpen(id);
            list.reload();
          }}
          action={action}
        />
      ) : null}
      {openId !== null ? <SessionPanel key={openId} id={openId} action={action} onClose={() => params.setOpen(null)} onChanged={list.reload} /> : null}
      <div className="mt-6">
        <ListResults
          list={list}
          page={params.page}
          empty={t('consultationsAdmin.sessions.empty')}
          testId="consultations-table"
          total={(total) => t('consultationsAdmin.total', { total })}
          head={[t('consultationsAdmin.sessions.topic'), t('consultationsAdmin.sessions.member'), t('consultationsAdmin.sessions.consultant'), t('consultationsAdmin.sessions.time'), t('consultationsAdmin.sessions.state'), '']}
        >
          {(items) =>
            items.map((item) => {
              const late = isOverdue(item);
              return (
                <tr
                  key={item.id}
                  data-testid="consultation-row"
                  data-id={item.id}
                  data-overdue={late || undefined}
                  className={`${stackedRowClass} ${late ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
                >
                  <StackedCell label={t('consultationsAdmin.sessions.topic')}><bdi>{item.topic}</bdi></StackedCell>
                  <StackedCell label={t('consultationsAdmin.sessions.member')}><bdi>{item.member.name}</bdi></StackedCell>
                  <StackedCell label={t('consultationsAdmin.sessions.consultant')}><bdi>{item.consultant.name}</bdi></StackedCell>
                  <StackedCell label={t('consultationsAdmin.sessions.time')}>{formatDate(item.start, locale, 'dateTime', zone)}</StackedCell>
                  <StackedCell label={t('consultationsAdmin.sessions.state')}>
                    <Badge tone={STATE_TONES[item.state]} testId="consultation-state">{t(`consultationsAdmin.states.${item.state}`)}</Badge>
                    {item.state === 'requested' ? (
                      <span className={`block text-xs ${late ? 'font-semibold text-amber-900 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`} data-testid="consultation-deadline">
                        {t(Date.parse(item.acceptBy) < Date.now() ? 'consultationsAdmin.sessions.deadlinePassed' : 'consultationsAdmin.sessions.deadline', { date: formatDate(item.acceptBy, locale, 'dateTime', zone) })}
                      </span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label={t('consultationsAdmin.open')}>
                    <button type="button" className={linkClass} onClick={() => params.setOpen(item.id)} data-testid="consultation-open" aria-label={`${t('consultationsAdmin.open')}: ${item.topic}`}>
                      {t('consultationsAdmin.open')}
                    </button>
                  </StackedCell>
                </tr>
              );
            })
          }
        </ListResults>
      </div>
    </section>
  );
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-slate-900 dark:text-slate-50" data-testid={testId}>{children}</dd>
    </>
  );
}

/** One session, read through the participants' route (administrators may read any), and its admin cancel. */
function SessionPanel({ id, action, onClose, onChanged }: { id: number; action: ReturnType<typeof useActionNotice>; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const loaded = useAsync((signal) => fetchConsultation(id, signal), [id]);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const zone = viewerTimeZone();
  const session = loaded.data;
  const cancel = (item: Consultation) =>
    setAsking({
      title: t('consultationsAdmin.sessions.cancelTitle', { topic: isolate(item.topic) }),
      body: t('consultationsAdmin.sessions.cancelBody', { member: isolate(item.member.name), consultant: isolate(item.consultant.name) }),
      confirmLabel: t('consultationsAdmin.sessions.cancel'),
      reason: 'required',
      danger: true,
      run: (reason) => {
        setAsking(null);
        void action.run(() => cancelConsultationAsAdmin(item.id, reason ?? ''), () => {
          loaded.reload();
          onChanged();
        });
      },
    });
  return (
    <article data-testid="consultation-panel" className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      {loaded.status === 'failed' ? (
        <SectionState state="failed" onRetry={loaded.reload} />
      ) : loaded.status === 'loading' && !session ? (
        <SectionState state="loading" />
      ) : !session ? (
        <p role="alert">{t('consultationsAdmin.sessions.notFound')}</p>
      ) : (
        <>
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50"><bdi>{session.topic}</bdi></h2>
              <Badge tone={STATE_TONES[session.state]} testId="consultation-panel-state">{t(`consultationsAdmin.states.${session.state}`)}</Badge>
            </div>
            <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('consultationsAdmin.close')}</button>
          </header>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Detail label={t('consultationsAdmin.sessions.member')}><bdi>{session.member.name}</bdi></Detail>
            <Detail label={t('consultationsAdmin.sessions.consultant')}><bdi>{session.consultant.name}</bdi></Detail>
            <Detail label={t('consultationsAdmin.sessions.time')}>
              {formatDate(session.start, locale, 'dateTime', zone)}
              <span className="block text-slate-600 dark:text-slate-300">
                {t('consultationsAdmin.sessions.consultantTime', { time: formatDate(session.start, locale, 'dateTime', session.consultant.timeZone), zone: formatTimeZone(session.consultant.timeZone, locale, session.start) })}
              </span>
            </Detail>
            {session.state === 'requested' ? <Detail label={t('consultationsAdmin.sessions.acceptBy')}>{formatDate(session.acceptBy, locale, 'dateTime', zone)}</Detail> : null}
            <Detail label={t('consultationsAdmin.sessions.field')}>{session.category ? pickLocalized(locale, session.category.name, session.category.nameEn) : '—'}</Detail>
            <Detail label={t('consultationsAdmin.sessions.language')}>{t(`consultationsAdmin.languages.${session.language}`)}</Detail>
            <Detail label={t('consultationsAdmin.sessions.mode')}>
              {t(`consultationsAdmin.modes.${session.mode}`)}
              {session.place ? <> · <bdi>{session.place}</bdi></> : null}
            </Detail>
            {session.meetingLink ? <Detail label={t('consultationsAdmin.sessions.meetingLink')}><bdi dir="ltr">{session.meetingLink}</bdi></Detail> : null}
            <Detail label={t('consultationsAdmin.sessions.description')}><span dir="auto" className="whitespace-pre-wrap">{session.description}</span></Detail>
            {session.decisionReason ? <Detail label={t('consultationsAdmin.sessions.decisionReason')}><span dir="auto">{session.decisionReason}</span></Detail> : null}
            {session.cancelReason ? (
              <Detail label={t('consultationsAdmin.sessions.cancelReason')} testId="consultation-cancel-reason">
                <span dir="auto">{session.cancelReason}</span>
                {session.canceledBy ? <span className="ms-2 text-slate-600 dark:text-slate-300">({t(`consultationsAdmin.sessions.canceledBy.${session.canceledBy}`)})</span> : null}
              </Detail>
            ) : null}
            {session.rating !== null ? (
              <Detail label={t('consultationsAdmin.ratings.rating')}>
                {t('consultationsAdmin.stars', { rating: session.rating })}
                {session.review ? <span dir="auto" className="block">{session.review}</span> : null}
              </Detail>
            ) : null}
          </dl>
          {CANCELABLE.has(session.state) ? (
            <div className="mt-5">
              <button type="button" disabled={action.busy} className={`${secondaryButtonClass} text-red-700 dark:text-red-400`} onClick={() => cancel(session)} data-testid="consultation-cancel">
                {t('consultationsAdmin.sessions.cancel')}
              </button>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('consultationsAdmin.sessions.cancelNote')}</p>
            </div>
          ) : null}
          {asking ? <ReasonDialog request={asking} onCancel={() => setAsking(null)} /> : null}
        </>
      )}
    </article>
  );
}

const EMPTY_ARRANGEMENT = { memberEmail: '', consultantId: '', date: '', time: '', topic: '', categoryId: '', language: 'ar', mode: 'online', place: '', description: '' };
type Arrangement = typeof EMPTY_ARRANGEMENT;

/** The fields an arrangement needs before it is sent (the server checks the rest). */
export function missingArrangementFields(values: Arrangement): Array<keyof Arrangement> {
  const required: Array<keyof Arrangement> = ['memberEmail', 'consultantId', 'date', 'time', 'topic', 'categoryId', 'description'];
  if (values.mode === 'onsite') required.push('place');
  return required.filter((name) => !values[name].trim());
}

/**
 * A session the staff arranged (a phone booking, a session at a university event): any time, past
 * included; the start is typed in the consultant's zone (shown), and the viewer's equivalent beside it.
 */
function ArrangeForm({ onCancel, onArranged, action }: { onCancel: () => void; onArranged: (id: number) => void; action: ReturnType<typeof useActionNotice> }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const consultants = useAsync((signal) => fetchAdminConsultants({ status: 'approved', page: 1, limit: 100 }, signal), []);
  const fields = useAsync((signal) => fetchResearchFields(signal), []);
  const [values, setValues] = useState<Arrangement>(EMPTY_ARRANGEMENT);
  const [missing, setMissing] = useState<Array<keyof Arrangement>>([]);
  const set = (name: keyof Arrangement, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setMissing((current) => current.filter((item) => item !== name));
  };
  const consultant = consultants.data?.items.find((item) => String(item.id) === values.consultantId);
  const start = useMemo(() => (consultant && values.date && values.time ? zonedTimeToInstant(values.date, values.time, consultant.timeZone) : null), [consultant, values.date, values.time]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const gaps = missingArrangementFields(values);
    setMissing(gaps);
    if (gaps.length > 0 || !start) return;
    let arranged: number | null = null;
    const ok = await action.run(async () => {
      const answer = await arrangeConsultation({
        memberEmail: values.memberEmail.trim(),
        consultantId: Number(values.consultantId),
        start: start.toISOString(),
        topic: values.topic.trim(),
        categoryId: Number(values.categoryId),
        language: values.language as Consultation['language'],
        mode: values.mode as Consultation['mode'],
        ...(values.mode === 'onsite' ? { place: values.place.trim() } : {}),
        description: values.description.trim(),
      });
      arranged = answer.data.id;
      return answer;
    });
    if (ok && arranged !== null) onArranged(arranged);
  };
  const error = (name: keyof Arrangement) =>
    missing.includes(name) ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{t('consultationsAdmin.arrange.required')}</p> : null;
  const label = 'block text-sm font-medium text-slate-800 dark:text-slate-100';
  const now = localDateTime(consultant?.timeZone ?? viewerTimeZone(), new Date());
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700" data-testid="arrange-form" aria-labelledby="arrange-title">
      <h2 id="arrange-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('consultationsAdmin.arrange.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('consultationsAdmin.arrange.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={label}>
          {t('consultationsAdmin.arrange.memberEmail')}
          <input type="email" dir="ltr" autoComplete="off" value={values.memberEmail} onChange={(event) => set('memberEmail', event.target.value)} className={controlClass(missing.includes('memberEmail'))} data-testid="arrange-member" />
          {error('memberEmail')}
        </label>
        <label className={label}>
          {t('consultationsAdmin.arrange.consultant')}
          <select value={values.consultantId} onChange={(event) => set('consultantId', event.target.value)} className={controlClass(missing.includes('consultantId'))} data-testid="arrange-consultant">
            <option value="">{t('consultationsAdmin.arrange.choose')}</option>
            {consultants.data?.items.map((item) => (
              <option key={item.id} value={item.id}>{item.name} ({item.email})</option>
            ))}
          </select>
          {error('consultantId')}
        </label>
        <div className="sm:col-span-2">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {consultant ? t('consultationsAdmin.arrange.startIn', { zone: formatTimeZone(consultant.timeZone, locale) }) : t('consultationsAdmin.arrange.start')}
            </legend>
            <label className={label}>
              {t('consultationsAdmin.arrange.date')}
              <input type="date" value={values.date} placeholder={now.date} onChange={(event) => set('date', event.target.value)} className={controlClass(missing.includes('date'))} data-testid="arrange-date" />
              {error('date')}
            </label>
            <label className={label}>
              {t('consultationsAdmin.arrange.time')}
              <input type="time" value={values.time} onChange={(event) => set('time', event.target.value)} className={controlClass(missing.includes('time'))} data-testid="arrange-time" />
              {error('time')}
            </label>
          </fieldset>
          {start ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="arrange-viewer-time">
              {t('consultationsAdmin.arrange.yourTime', { time: formatDate(start, locale, 'dateTime', viewerTimeZone()), zone: viewerTimeZone() })}
            </p>
          ) : null}
        </div>
        <label className={`${label} sm:col-span-2`}>
          {t('consultationsAdmin.sessions.topic')}
          <input type="text" dir="auto" maxLength={200} value={values.topic} onChange={(event) => set('topic', event.target.value)} className={controlClass(missing.includes('topic'))} data-testid="arrange-topic" />
          {error('topic')}
        </label>
        <label className={label}>
          {t('consultationsAdmin.sessions.field')}
          <select value={values.categoryId} onChange={(event) => set('categoryId', event.target.value)} className={controlClass(missing.includes('categoryId'))} data-testid="arrange-field">
            <option value="">{t('consultationsAdmin.arrange.choose')}</option>
            {fields.data?.map((field) => <option key={field.id} value={field.id}>{pickLocalized(locale, field.name, field.name_en)}</option>)}
          </select>
          {error('categoryId')}
        </label>
        <label className={label}>
          {t('consultationsAdmin.sessions.language')}
          <select value={values.language} onChange={(event) => set('language', event.target.value)} className={controlClass(false)} data-testid="arrange-language">
            <option value="ar">{t('consultationsAdmin.languages.ar')}</option>
            <option value="en">{t('consultationsAdmin.languages.en')}</option>
          </select>
        </label>
        <label className={label}>
          {t('consultationsAdmin.sessions.mode')}
          <select value={values.mode} onChange={(event) => set('mode', event.target.value)} className={controlClass(false)} data-testid="arrange-mode">
            <option value="online">{t('consultationsAdmin.modes.online')}</option>
            <option value="onsite">{t('consultationsAdmin.modes.onsite')}</option>
          </select>
        </label>
        {values.mode === 'onsite' ? (
          <label className={label}>
            {t('consultationsAdmin.arrange.place')}
            <input type="text" dir="auto" maxLength={300} value={values.place} onChange={(event) => set('place', event.target.value)} className={controlClass(missing.includes('place'))} data-testid="arrange-place" />
            {error('place')}
          </label>
        ) : null}
        <label className={`${label} sm:col-span-2`}>
          {t('consultationsAdmin.sessions.description')}
          <textarea rows={4} dir="auto" maxLength={4000} value={values.description} onChange={(event) => set('description', event.target.value)} className={controlClass(missing.includes('description'))} data-testid="arrange-description" />
          {error('description')}
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={action.busy} className={primaryButtonClass} data-testid="arrange-submit">{t('consultationsAdmin.arrange.submit')}</button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t('consultationsAdmin.cancel')}</button>
      </div>
    </form>
  );
}
