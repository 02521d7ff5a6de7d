import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate, isolate, typedNumber } from '@scholars/shared-contracts/locale';
import { isApiError, loginRedirectPath, ROUTES, selectIsSignedIn, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import { EditScreen, Field } from '@scholars/shared-contracts/ui';
import { DraftRestored, formDraftKey, useFormDraft } from '@scholars/shared-contracts/ui/draft';
import { CountryOptions } from '@scholars/shared-contracts/ui/countries';
import {
  ACADEMIC_LEVELS,
  CONFERENCE_LANGUAGES,
  LOCATION_TYPES,
  addDays,
  conferenceRequestSchema,
  fieldErrors,
  isCalendarDate,
  todayIsoDate,
  type ConferenceRequest,
  type ConferenceRequestInput,
  type MessageParams,
} from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import '../i18n/member-actions';
import { fetchConferenceRequest, saveConferenceRequest } from '../api/conference-requests';

type FieldName = keyof ConferenceRequestInput & string;
type Values = Record<FieldName, string>;
/** A client-side error (a key, translated at render) or the server's text (already localized). */
type FieldError = { key: string; params: MessageParams } | { text: string };

const FIELD_ORDER: FieldName[] = [
  'full_name',
  'academic_level',
  'major_field',
  'university',
  'university_email',
  'phone',
  'country',
  'conference_title',
  'main_language',
  'supporting_institution',
  'proposed_start_date',
  'duration_days',
  'location_type',
  'venue',
  'objectives',
  'notes',
];
const OPTIONAL = new Set<FieldName>(['supporting_institution', 'notes']);

/** A new request starts with the account's name, phone and country (an ISO code, as sign-up stores it). */
const emptyValues = (fullName = '', country = '', phone = ''): Values => ({
  full_name: fullName,
  academic_level: '',
  major_field: '',
  university: '',
  university_email: '',
  phone,
  country,
  conference_title: '',
  main_language: '',
  supporting_institution: '',
  proposed_start_date: '',
  duration_days: '',
  location_type: '',
  venue: '',
  objectives: '',
  notes: '',
});

const valuesOf = (request: ConferenceRequest): Values => ({
  full_name: request.full_name,
  academic_level: request.academic_level,
  major_field: request.major_field,
  university: request.university,
  university_email: request.university_email,
  phone: request.phone,
  country: request.country,
  conference_title: request.conference_title,
  main_language: request.main_language,
  supporting_institution: request.supporting_institution ?? '',
  proposed_start_date: request.proposed_start_date,
  duration_days: String(request.duration_days),
  location_type: request.location_type,
  venue: request.venue,
  objectives: request.objectives,
  notes: request.notes ?? '',
});

/** The form's strings as the shared schema's input: the duration becomes a number ('' stays missing). */
export function toPayload(values: Values): Record<string, unknown> {
  const duration = values.duration_days.trim();
  return { ...values, duration_days: duration === '' ? undefined : typedNumber(duration) };
}

/**
 * The request's form. `onResubmitted`: the request was sent back for changes; once saved it is back
 * with the reviewers, and the form gives way to a panel saying so (the caller drops its note).
 */
function RequestForm({ initial, editId, onResubmitted }: { initial: Values; editId?: number; onResubmitted?: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // What is typed is kept in this tab for this account until it is sent: a session that ends meanwhile
  // (signed out in another tab, a refused refresh) sends the member to sign in, which unmounts the form.
  const userId = useSession(selectUser)?.id ?? null;
  const { values, setValues, restored, forget } = useFormDraft(formDraftKey(userId, `conference-request:${editId ?? 'new'}`), initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' } | { kind: 'error'; message: string } | { kind: 'saved'; message: string; id: number; created: boolean }>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);

  const text = (error: FieldError | undefined) =>
    !error ? undefined : 'text' in error ? error.text : t(`common:${error.key}`, { ...error.params, defaultValue: t('common:validation.invalidInput') });

  const set = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirstError = (names: string[]) => {
    const first = FIELD_ORDER.find((name) => names.includes(name));
    if (!first) return;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, select, textarea)`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = conferenceRequestSchema.safeParse(toPayload(values));
    if (!parsed.success) {
      const next: Partial<Record<FieldName, FieldError>> = {};
      for (const error of fieldErrors(parsed.error)) next[error.field as FieldName] = { key: error.key, params: error.params };
      setErrors(next);
      setStatus({ kind: 'error', message: t('request.fixErrors') });
      focusFirstError(Object.keys(next));
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const answer = await saveConferenceRequest(parsed.data, editId);
      if (editId) setValues(valuesOf(answer.data));
      forget();
      setStatus({ kind: 'saved', id: answer.data.id, created: !editId || onResubmitted !== undefined, message: answer.msg ?? t(editId ? 'request.updated' : 'request.submitted') });
      onResubmitted?.();
    } catch (error) {
      // A refusal of the server's with field messages shows them under their fields; the line by the
      // button then says to correct them (as for the browser's own checks), not the first one again.
      if (isApiError(error) && error.errors && Object.keys(error.errors).length > 0) {
        const next: Partial<Record<FieldName, FieldError>> = {};
        for (const [field, message] of Object.entries(error.errors)) next[field as FieldName] = { text: Array.isArray(message) ? message.join(' ') : message };
        setErrors(next);
        focusFirstError(Object.keys(next));
        setStatus({ kind: 'error', message: t('request.fixErrors') });
        return;
      }
      setStatus({ kind: 'error', message: isApiError(error) ? error.message : t('request.failed') });
    }
  };

  if (status.kind === 'saved' && status.created) {
    return (
      <div role="status" data-testid={editId ? 'request-resubmitted' : 'request-success'} className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        <p className="text-lg font-semibold">{status.message}</p>
        <div className="mt-4 flex flex-wrap gap-4">
          {editId ? (
            <Link to={`${ROUTES.profile}?tab=requests`} data-testid="request-mine-link" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
              {t('request.mineLink')}
            </Link>
          ) : (
            <Link to={`${ROUTES.requestConference}?edit=${status.id}`} data-testid="request-edit-link" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
              {t('request.editLink')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  const required = (name: FieldName) => !OPTIONAL.has(name);
  const common = (name: FieldName) => ({ name, label: t(`request.fields.${name}`), required: required(name), optionalText: t('request.optional'), error: text(errors[name]) });
  const input = (name: FieldName, extra: { type?: string; dir?: 'ltr'; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel'; min?: string | number; max?: number; hint?: string; maxLength?: number } = {}) => (
    <Field {...common(name)} hint={extra.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={extra.type ?? 'text'}
          dir={extra.dir}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          min={extra.min}
          max={extra.max}
          maxLength={extra.maxLength}
          value={values[name]}
          onChange={(event) => set(name)(event.target.value)}
        />
      )}
    </Field>
  );
  const select = (name: FieldName, options: readonly string[], label: (value: string) => string) => (
    <Field {...common(name)}>
      {(props) => (
        <select {...props} name={name} value={values[name]} onChange={(event) => set(name)(event.target.value)}>
          <option value="">{t('request.choose')}</option>
          {options.map((value) => (
            <option key={value} value={value}>{label(value)}</option>
          ))}
        </select>
      )}
    </Field>
  );
  // The country: sign-up's list (CountryOptions: ISO codes named in the page's language), the codes
  // the API validates; a value stored before as free text stays selectable as written.
  const countrySelect = () => (
    <Field {...common('country')}>
      {(props) => (
        <select {...props} name="country" autoComplete="country" value={values.country} onChange={(event) => set('country')(event.target.value)}>
          <CountryOptions locale={locale} value={values.country} placeholder={t('request.choose')} />
        </select>
      )}
    </Field>
  );
  const textarea = (name: FieldName, hint?: string) => (
    <Field {...common(name)} hint={hint}>
      {(props) => <textarea {...props} name={name} rows={5} maxLength={5000} value={values[name]} onChange={(event) => set(name)(event.target.value)} />}
    </Field>
  );

  const duration = typedNumber(values.duration_days);
  const endDate =
    isCalendarDate(values.proposed_start_date) && Number.isInteger(duration) && duration >= 1 && duration <= 365
      ? addDays(values.proposed_start_date, duration - 1)
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="request-form" className="space-y-8">
      <DraftRestored shown={restored} testId="request-draft-restored">{t('request.draftRestored')}</DraftRestored>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('request.requiredHint')}</p>
      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-5 sm:grid-cols-2 dark:border-slate-800">
        <legend className="px-2 text-lg font-semibold">{t('request.applicant')}</legend>
        {input('full_name', { autoComplete: 'name', maxLength: 200 })}
        {select('academic_level', ACADEMIC_LEVELS, (value) => t(`request.levels.${value}`))}
        {input('major_field', { maxLength: 200 })}
        {input('university', { autoComplete: 'organization', maxLength: 200 })}
        {input('university_email', { type: 'email', dir: 'ltr', autoComplete: 'email', inputMode: 'email', hint: t('request.hints.university_email'), maxLength: 254 })}
        {input('phone', { type: 'tel', dir: 'ltr', autoComplete: 'tel', inputMode: 'tel', hint: t('request.hints.phone'), maxLength: 30 })}
        {countrySelect()}
      </fieldset>
      <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-5 sm:grid-cols-2 dark:border-slate-800">
        <legend className="px-2 text-lg font-semibold">{t('request.conference')}</legend>
        <div className="sm:col-span-2">{input('conference_title', { maxLength: 300 })}</div>
        {select('main_language', CONFERENCE_LANGUAGES, (value) => t(`request.languages.${value}`))}
        {input('supporting_institution', { maxLength: 200 })}
        {input('proposed_start_date', { type: 'date', dir: 'ltr', min: addDays(todayIsoDate(), 1), hint: t('request.hints.proposed_start_date') })}
        {input('duration_days', { dir: 'ltr', inputMode: 'numeric', hint: endDate ? t('request.hints.endDate', { date: formatDate(endDate, locale, 'weekdayDate') }) : undefined })}
        {select('location_type', LOCATION_TYPES, (value) => t(`modes.${value}`))}
        {input('venue', { hint: t('request.hints.venue'), maxLength: 300 })}
        <div className="sm:col-span-2">{textarea('objectives')}</div>
        <div className="sm:col-span-2">{textarea('notes')}</div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" data-testid="request-submit" disabled={status.kind === 'sending'} className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60">
          {status.kind === 'sending' ? t('request.sending') : editId ? t('request.save') : t('request.submit')}
        </button>
        <div aria-live="polite" className="flex-1">
          {status.kind === 'error' ? <p role="alert" data-testid="request-error" className="text-red-700 dark:text-red-400">{status.message}</p> : null}
          {status.kind === 'saved' ? <p role="status" data-testid="request-updated" className="font-medium text-emerald-800 dark:text-emerald-300">{status.message}</p> : null}
        </div>
      </div>
    </form>
  );
}

/** The edit mode (`?edit={id}`): the owner's request, editable while pending or sent back for changes (with the reviewer's note). */
function EditRequest({ id }: { id: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <EditScreen
      id={id}
      load={fetchConferenceRequest}
      editable={(request) => request.status === 'pending' || request.status === 'changes_requested'}
      decided={(request) => (
        <>
          <p className="font-semibold" dir="auto">{request.conference_title}</p>
          <p className="mt-2">{t('request.notEditable', { status: t(`request.status.${request.status}`) })}</p>
          {request.review_note ? <p className="mt-2">{t('request.reviewNote', { note: isolate(request.review_note) })}</p> : null}
        </>
      )}
      form={(request) => <EditForm request={request} />}
      texts={{ loading: t('request.loading'), notFound: t('request.notFound'), newLink: t('request.newLink') }}
      newPath={ROUTES.requestConference}
      testIdPrefix="request"
    />
  );
}

/** A request open for edits: a sent-back one shows the reviewer's note above the form until it is sent again. */
function EditForm({ request }: { request: ConferenceRequest }) {
  const { t } = useTranslation(NAMESPACE);
  const sentBack = request.status === 'changes_requested';
  const [resubmitted, setResubmitted] = useState(false);
  return (
    <>
      {sentBack && !resubmitted ? (
        <div role="note" data-testid="request-changes-note" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">{t('request.changesRequested')}</p>
          {request.review_note ? <p className="mt-2 whitespace-pre-line" dir="auto">{t('request.reviewNote', { note: request.review_note })}</p> : null}
        </div>
      ) : null}
      <RequestForm initial={valuesOf(request)} editId={request.id} onResubmitted={sentBack ? () => setResubmitted(true) : undefined} />
    </>
  );
}

/** /request-conference (auth) and its edit mode /request-conference?edit={id} (spec 2, 3, 5; issue 3). */
export function RequestConference() {
  const { t } = useTranslation(NAMESPACE);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const signedIn = useSession(selectIsSignedIn);
  const user = useSession(selectUser);
  const editId = searchParams.get('edit');
  usePageTitle(editId ? t('request.editTitle') : t('request.title'));

  let body;
  if (!signedIn) {
    // The shell's guard sends visitors to /login first; this covers the remote mounted alone.
    body = (
      <p role="alert" className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
        {t('request.signIn')}{' '}
        <Link to={loginRedirectPath(location)} className="font-semibold text-emerald-700 underline dark:text-emerald-400">{t('request.signInLink')}</Link>
      </p>
    );
  } else if (editId) {
    body = <EditRequest key={editId} id={editId} />;
  } else {
    body = <RequestForm key="new" initial={emptyValues(user?.name ?? '', user?.country ?? '', user?.phone ?? '')} />;
  }

  return (
    <section data-testid="conferences-request" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{editId ? t('request.editTitle') : t('request.title')}</h1>
      <p className="mt-2 mb-8 text-slate-600 dark:text-slate-300">{t('request.description')}</p>
      {body}
    </section>
  );
}
