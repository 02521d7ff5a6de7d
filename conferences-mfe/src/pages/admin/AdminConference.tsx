import { useMemo, useState, type ReactNode } from 'react';
import { Controller, get, useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { DraftRestored, formDraftKey, useDraftOverForm } from '@scholars/shared-contracts/ui/draft';
import { dangerButtonClass, Field, listReturnSearch, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, FileField, MissingTranslations, StatusBadge } from '@scholars/shared-contracts/ui/content';
import { formatNumber, localizedField, timeZoneChoices } from '@scholars/shared-contracts/locale';
import {
  CONFERENCE_CANCEL_MESSAGE_MAX,
  IMPORTANT_DATE_KEYS,
  LOCATION_TYPES,
  todayIsoDate,
  type AdminConference as AdminRecord,
  type ContentStatus,
} from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteConference, fetchAdminConference, saveConference, setConferenceStatus, uploadContent } from '../../api/admin-conferences';
import { fetchCategories } from '../../api/conference-categories';
import {
  conferenceOfDraft,
  conferenceResolver,
  draftOfConference,
  emptyAgendaRow,
  emptyConferenceValues,
  emptySpeaker,
  fieldLabel,
  toPayload,
  valuesFromRecord,
  type ConferenceFormValues,
} from '../../lib/conference-form';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { cardClass, linkClass, MessageLine, SectionState, type Message } from '../../components/admin/Console';

type Path = string;

/** A section of the form: a titled card. */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className={`${cardClass} min-w-0 space-y-4`} data-testid={testId}>
      <legend className="px-1 text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Archiving or unpublishing a conference whose registrants (and members waiting) will be told, waiting for the administrator's word. */
interface Leaving {
  status: 'archived' | 'draft';
  count: number;
  waiting: number;
  record: AdminRecord;
}

/**
 * The editor of one conference (`record` null: a new one). A new one, once saved, stays in this
 * editor at its new address (`onCreated`): its message and what follows the save (a publication)
 * are not lost to a reload of the page.
 */
function ConferenceEditor({ record, onReload, onCreated }: { record: AdminRecord | null; onReload: () => void; onCreated?: (record: AdminRecord) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const navigate = useNavigate();
  // Back to the list this conference was opened from (its page, search and filters).
  const backToList = { pathname: ROUTES.adminConferences, search: listReturnSearch(useLocation().state) };
  const [current, setCurrent] = useState<AdminRecord | null>(record);
  const [message, setMessage] = useState<Message>(null);
  const [stale, setStale] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [note, setNote] = useState('');
  const categories = useAsync(() => fetchCategories(), []);
  // What is typed is kept in this tab until saved, per account and per version of the conference: a
  // session ending mid-form (sign-in unmounts it) or a reload loses nothing; a draft of a version
  // someone has saved over since is not laid over theirs.
  const userId = useSession(selectUser)?.id ?? null;
  const savedValues = useMemo(() => (current ? valuesFromRecord(current) : emptyConferenceValues(todayIsoDate())), [current]);
  const form = useForm<ConferenceFormValues>({ defaultValues: savedValues, resolver: conferenceResolver });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors, isDirty },
  } = form;
  const draftKey = formDraftKey(userId, current ? `admin-conference:${current.id}:${current.version}` : 'admin-conference:new');
  const draft = useDraftOverForm(form, draftKey, savedValues, draftOfConference, conferenceOfDraft);
  const { forget: forgetDraft } = draft;
  const agenda = useFieldArray({ control, name: 'agenda' });
  const speakers = useFieldArray({ control, name: 'speakers' });
  const timezone = watch('timezone');

  /** A message of the form: a key of the shared schemas (client side) or the server's text. */
  const text = (value: string | undefined) => (!value ? undefined : value.startsWith('validation.') ? t(`common:${value}`, { defaultValue: t('common:validation.invalidInput') }) : value);
  const err = (path: Path) => text((get(errors, path) as FieldError | undefined)?.message);
  const labelOf = (path: string) =>
    fieldLabel(path, (group, name, index = 0) => {
      if (group === 'agenda') return `${t('admin.form.agenda.row', { n: index + 1 })}: ${t(`admin.form.agenda.${name}`)}`;
      if (group === 'speaker') return `${t('admin.form.speakers.row', { n: index + 1 })}: ${t(`admin.form.speakers.${name}`)}`;
      if (group === 'date') return name === 'paper_submission_id' ? t('admin.form.paperSubmissionId') : t(`importantDates.${name}`);
      return t(`admin.form.fields.${name}`, { defaultValue: name });
    });

  /** Shows a refusal: a stale version offers a reload; field errors (a language missing) are marked and listed. */
  const refused = (error: unknown) => {
    if (!isApiError(error)) {
      setMessage({ ok: false, text: t('admin.failed') });
      return;
    }
    setStale(error.status === 409 && error.msg === t('common:validation.staleEdit'));
    const fields = Object.entries(error.errors ?? {});
    const translation = t('common:validation.translationMissing');
    setMissing(fields.filter(([, value]) => value === translation).map(([field]) => field));
    for (const [field, value] of fields) setError(field as keyof ConferenceFormValues, { type: 'server', message: Array.isArray(value) ? value.join(' ') : value });
    setMessage({ ok: false, text: error.message });
  };

  const begin = () => {
    setBusy(true);
    setStale(false);
    setMissing([]);
    setMessage(null);
  };

  /** Saves the form (a new conference is created as a draft); the saved record, or null when refused. */
  const persist = async (values: ConferenceFormValues): Promise<AdminRecord | null> => {
    try {
      const answer = await saveConference(toPayload(values), current ? { id: current.id, version: current.version } : undefined);
      forgetDraft();
      setCurrent(answer.data);
      reset(valuesFromRecord(answer.data));
      setMessage({ ok: true, text: answer.msg ?? t('common:content.saveDraft') });
      if (!current) {
        onCreated?.(answer.data);
        navigate(ROUTES.adminConference(answer.data.id), { replace: true });
      }
      return answer.data;
    } catch (error) {
      refused(error);
      return null;
    }
  };

  const invalid = () => setMessage({ ok: false, text: t('admin.fixErrors') });

  const save = handleSubmit(async (values) => {
    begin();
    await persist(values);
    setBusy(false);
  }, invalid);

  /** Sends the state change (with the confirmed registrants, when they are to be told). */
  const applyStatus = async (saved: AdminRecord, status: ContentStatus, confirm?: { registrants: number; message: string }) => {
    try {
      const answer = await setConferenceStatus(saved.id, status, saved.version, confirm);
      forgetDraft();
      setCurrent(answer.data);
      reset(valuesFromRecord(answer.data));
      setMessage({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      // Registrants the administrator was not asked about (someone registered meanwhile): ask again with the number now.
      if (status !== 'published' && isApiError(error) && error.status === 409 && error.errors?.registrants) {
        const fresh = await fetchAdminConference(saved.id).catch(() => null);
        if (fresh && fresh.version === saved.version) {
          setCurrent(fresh);
          setMessage({ ok: false, text: error.message });
          setLeaving({ status, count: fresh.registrations, waiting: fresh.waiting, record: fresh });
          return;
        }
      }
      refused(error);
    }
  };

  /**
   * Publishes, unpublishes or archives; unsaved changes are saved first. Taking a conference that has
   * not ended off the site while members are registered asks first, naming how many will be told.
   */
  const changeStatus = (status: ContentStatus) =>
    handleSubmit(async (values) => {
      begin();
      const saved = isDirty || !current ? await persist(values) : current;
      if (saved) {
        // `ended` is the API's: the rule that decides whether anyone is told (the console's own clock
        // or zone arithmetic could disagree near the end; the API refuses a number it was not asked).
        if (status !== 'published' && (saved.registrations > 0 || saved.waiting > 0) && !saved.ended) {
          setNote('');
          setLeaving({ status, count: saved.registrations, waiting: saved.waiting, record: saved });
        } else {
          await applyStatus(saved, status);
        }
      }
      setBusy(false);
    }, invalid)();

  const confirmLeaving = async () => {
    if (!leaving) return;
    const { record: saved, status, count } = leaving;
    setLeaving(null);
    begin();
    await applyStatus(saved, status, { registrants: count, message: note.trim() });
    setBusy(false);
  };

  const remove = async () => {
    if (!current) return;
    setConfirmDelete(false);
    begin();
    try {
      await deleteConference(current.id, current.version);
      forgetDraft();
      navigate(backToList);
    } catch (error) {
      refused(error);
    }
    setBusy(false);
  };

  const status = current?.status ?? 'draft';
  const bilingual = (name: 'title' | 'description' | 'overview' | 'objectives' | 'excerpts' | 'venue', options: { rows?: number; required?: boolean; hint?: string } = {}) => (
    <BilingualField
      label={t(`admin.form.fields.${name}`)}
      arabic={register(name)}
      english={register(`${name}_en`)}
      arabicError={err(name)}
      englishError={err(`${name}_en`)}
      required={options.required}
      rows={options.rows}
      hint={options.hint}
    />
  );
  const input = (name: Path, label: string, type: 'date' | 'time' | 'text' | 'number', extra: { hint?: string; required?: boolean; min?: number } = {}) => (
    <Field name={name} label={label} error={err(name)} hint={extra.hint} required={extra.required}>
      {(props) => (
        <input
          {...props}
          // A number is typed in a text field (typedNumber reads Arabic-Indic digits, which type="number" drops).
          type={type === 'number' ? 'text' : type}
          dir={type === 'text' ? undefined : 'ltr'}
          min={type === 'number' ? undefined : extra.min}
          inputMode={type === 'number' ? 'numeric' : undefined}
          data-testid={`field-${name}`}
          {...register(name as keyof ConferenceFormValues)}
        />
      )}
    </Field>
  );
  const imageField = (name: 'image' | `speakers.${number}.image`, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FileField
          name={name}
          label={label}
          kind="image"
          value={(field.value as string | null) ?? null}
          onChange={(file) => field.onChange(file?.path ?? null)}
          upload={uploadContent}
          imageUrl={(path) => fileUrl(path)}
          error={err(name)}
        />
      )}
    />
  );

  return (
    <section data-testid="admin-conference" className="space-y-6">
      <header className="space-y-2">
        <Link to={backToList} className={linkClass} data-testid="admin-conference-back">{t('admin.form.back')}</Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50" data-testid="admin-conference-heading">
            {current ? localizedField(current, 'title', locale) || t('admin.form.editTitle') : t('admin.form.newTitle')}
          </h1>
          <StatusBadge status={status} />
        </div>
        {current ? (
          <p className="flex flex-wrap gap-4 text-sm text-slate-600 dark:text-slate-300">
            <Link to={ROUTES.adminConferenceRegistrations(current.id)} className={linkClass} data-testid="conference-registrants-link">
              {t('admin.form.registrants', { count: current.registrations, formatted: formatNumber(current.registrations, locale) })}
            </Link>
            {current.waiting > 0 ? <span data-testid="conference-waiting">{t('admin.conferences.waiting', { formatted: formatNumber(current.waiting, locale) })}</span> : null}
            {current.status === 'published' ? (
              <Link to={ROUTES.conference(current.id)} className={linkClass} data-testid="conference-public-link">{t('admin.form.publicPage')}</Link>
            ) : null}
          </p>
        ) : null}
        {current?.request_id ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.form.fromRequest', { id: current.request_id })}</p> : null}
        <p className="text-sm text-slate-500 dark:text-slate-400">{status === 'published' ? t('admin.form.publishedHint') : t('admin.form.draftHint')}</p>
      </header>

      <form noValidate onSubmit={save} data-testid="conference-form" className="space-y-6">
        <DraftRestored shown={draft.restored} testId="conference-draft-restored">{t('admin.form.draftRestored')}</DraftRestored>
        <Section title={t('admin.form.sections.texts')}>
          {bilingual('title', { required: true })}
          {bilingual('description', { rows: 2, required: true })}
          {bilingual('overview', { rows: 5, required: true })}
          {bilingual('objectives', { rows: 4, required: true })}
          {bilingual('excerpts', { rows: 4 })}
        </Section>

        <Section title={t('admin.form.sections.place')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="category_id" label={t('admin.form.fields.category_id')} error={err('category_id')}>
              {(props) => (
                <select {...props} data-testid="field-category_id" {...register('category_id')}>
                  <option value="">{t('admin.form.noCategory')}</option>
                  {(categories.data ?? []).map((category) => (
                    <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="mode" label={t('admin.form.fields.mode')} error={err('mode')} required>
              {(props) => (
                <select {...props} data-testid="field-mode" {...register('mode')}>
                  {LOCATION_TYPES.map((mode) => <option key={mode} value={mode}>{t(`modes.${mode}`)}</option>)}
                </select>
              )}
            </Field>
          </div>
          {bilingual('venue', { hint: t('admin.form.hints.venue') })}
          <Field name="timezone" label={t('admin.form.fields.timezone')} error={err('timezone')} hint={t('admin.form.hints.times')} required>
            {(props) => (
              <select {...props} dir="ltr" data-testid="field-timezone" {...register('timezone')}>
                {timeZoneChoices(timezone).map((zone) => <option key={zone} value={zone}>{zone}</option>)}
              </select>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {input('start_date', t('admin.form.fields.start_date'), 'date', { required: true })}
            {input('start_time', t('admin.form.fields.start_time'), 'time', { required: true })}
            {input('end_date', t('admin.form.fields.end_date'), 'date', { required: true })}
            {input('end_time', t('admin.form.fields.end_time'), 'time', { required: true })}
          </div>
        </Section>

        <Section title={t('admin.form.sections.registration')}>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            {input('capacity', t('admin.form.fields.capacity'), 'number', { hint: t('admin.form.hints.capacity'), min: 1 })}
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
              <input type="checkbox" data-testid="field-registration_open" className="size-4 accent-emerald-700" {...register('registration_open')} />
              {t('admin.form.fields.registration_open')}
            </label>
          </div>
          {imageField('image', t('admin.form.fields.image'))}
          {input('keywords', t('admin.form.fields.keywords'), 'text', { hint: t('admin.form.hints.keywords') })}
        </Section>

        <Section title={t('admin.form.sections.agenda')} testId="agenda-section">
          {agenda.fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('admin.form.agenda.empty')}</p> : null}
          {agenda.fields.map((row, index) => (
            <div key={row.id} data-testid="agenda-row" className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-semibold text-slate-800 dark:text-slate-100">{t('admin.form.agenda.row', { n: index + 1 })}</h3>
                <button type="button" onClick={() => agenda.remove(index)} className="text-sm font-medium text-red-700 hover:underline dark:text-red-400">
                  {t('admin.form.agenda.remove', { n: index + 1 })}
                </button>
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                {input(`agenda.${index}.date`, t('admin.form.agenda.date'), 'date', { required: true })}
                {input(`agenda.${index}.start_time`, t('admin.form.agenda.start_time'), 'time', { required: true })}
                {input(`agenda.${index}.end_time`, t('admin.form.agenda.end_time'), 'time', { required: true })}
              </div>
              <BilingualField label={t('admin.form.agenda.title')} arabic={register(`agenda.${index}.title`)} english={register(`agenda.${index}.title_en`)} arabicError={err(`agenda.${index}.title`)} englishError={err(`agenda.${index}.title_en`)} required />
              <BilingualField label={t('admin.form.agenda.speaker')} arabic={register(`agenda.${index}.speaker`)} english={register(`agenda.${index}.speaker_en`)} arabicError={err(`agenda.${index}.speaker`)} englishError={err(`agenda.${index}.speaker_en`)} />
              <BilingualField label={t('admin.form.agenda.location')} arabic={register(`agenda.${index}.location`)} english={register(`agenda.${index}.location_en`)} arabicError={err(`agenda.${index}.location`)} englishError={err(`agenda.${index}.location_en`)} />
            </div>
          ))}
          <button type="button" data-testid="agenda-add" onClick={() => agenda.append(emptyAgendaRow(getValues('start_date')))} className={secondaryButtonClass}>
            {t('admin.form.agenda.add')}
          </button>
        </Section>

        <Section title={t('admin.form.sections.speakers')} testId="speakers-section">
          {speakers.fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('admin.form.speakers.empty')}</p> : null}
          {speakers.fields.map((speaker, index) => (
            <div key={speaker.id} data-testid="speaker-row" className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-semibold text-slate-800 dark:text-slate-100">{t('admin.form.speakers.row', { n: index + 1 })}</h3>
                <button type="button" onClick={() => speakers.remove(index)} className="text-sm font-medium text-red-700 hover:underline dark:text-red-400">
                  {t('admin.form.speakers.remove', { n: index + 1 })}
                </button>
              </div>
              <BilingualField label={t('admin.form.speakers.name')} arabic={register(`speakers.${index}.name`)} english={register(`speakers.${index}.name_en`)} arabicError={err(`speakers.${index}.name`)} englishError={err(`speakers.${index}.name_en`)} required />
              <BilingualField label={t('admin.form.speakers.title')} arabic={register(`speakers.${index}.title`)} english={register(`speakers.${index}.title_en`)} arabicError={err(`speakers.${index}.title`)} englishError={err(`speakers.${index}.title_en`)} />
              <BilingualField label={t('admin.form.speakers.bio')} rows={3} arabic={register(`speakers.${index}.bio`)} english={register(`speakers.${index}.bio_en`)} arabicError={err(`speakers.${index}.bio`)} englishError={err(`speakers.${index}.bio_en`)} />
              {imageField(`speakers.${index}.image`, t('admin.form.speakers.image'))}
            </div>
          ))}
          <button type="button" data-testid="speaker-add" onClick={() => speakers.append(emptySpeaker())} className={secondaryButtonClass}>
            {t('admin.form.speakers.add')}
          </button>
        </Section>

        <Section title={t('admin.form.sections.dates')} testId="dates-section">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {IMPORTANT_DATE_KEYS.map((key) => <div key={key}>{input(`important_dates.${key}`, t(`importantDates.${key}`), 'date')}</div>)}
            {input('important_dates.paper_submission_id', t('admin.form.paperSubmissionId'), 'text')}
          </div>
        </Section>

        <div className="sticky bottom-0 z-10 space-y-3 border-t border-slate-200 bg-white/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
          <MissingTranslations fields={missing} labelOf={labelOf} />
          <MessageLine message={message} testId="conference-message">
            {stale ? (
              <>
                <p className="mt-1 text-sm">{t('admin.staleHint')}</p>
                <button type="button" data-testid="conference-reload" onClick={onReload} className={`${secondaryButtonClass} mt-2`}>{t('common:content.reload')}</button>
              </>
            ) : null}
          </MessageLine>
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} data-testid="conference-save" className={status === 'published' ? primaryButtonClass : secondaryButtonClass}>
              {busy ? t('admin.form.saving') : status === 'published' ? t('admin.form.save') : t('admin.form.saveDraft')}
            </button>
            {status !== 'published' ? (
              <button type="button" disabled={busy} data-testid="conference-publish" onClick={() => void changeStatus('published')} className={primaryButtonClass}>{t('admin.form.publish')}</button>
            ) : null}
            {current && status !== 'draft' ? (
              <button type="button" disabled={busy} data-testid="conference-unpublish" onClick={() => void changeStatus('draft')} className={secondaryButtonClass}>{t('admin.form.unpublish')}</button>
            ) : null}
            {current && status !== 'archived' ? (
              <button type="button" disabled={busy} data-testid="conference-archive" onClick={() => void changeStatus('archived')} className={secondaryButtonClass}>{t('admin.form.archive')}</button>
            ) : null}
            {current ? (
              <button type="button" disabled={busy} data-testid="conference-delete" onClick={() => setConfirmDelete(true)} className={`${dangerButtonClass} ms-auto`}>{t('admin.form.delete')}</button>
            ) : null}
          </div>
        </div>
      </form>

      {confirmDelete && current ? (
        <ConfirmDialog
          title={t('admin.form.deleteTitle')}
          body={
            <>
              <p>{t('common:content.confirmDelete', { name: localizedField(current, 'title', locale) })}</p>
              {current.registrations > 0 || current.request_id ? <p className="mt-2">{t('admin.form.deleteInUse')}</p> : null}
            </>
          }
          confirmLabel={t('admin.form.delete')}
          cancelLabel={t('admin.cancel')}
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
          testId="conference-delete-dialog"
        />
      ) : null}
      {leaving ? (
        <ConfirmDialog
          title={t(leaving.status === 'archived' ? 'admin.form.leaving.archiveTitle' : 'admin.form.leaving.unpublishTitle')}
          body={
            <div className="space-y-3">
              {leaving.count > 0 ? (
                <p data-testid="conference-leaving-count">
                  {t('admin.form.leaving.body', {
                    title: localizedField(leaving.record, 'title', locale),
                    registrants: t('admin.form.registrants', { count: leaving.count, formatted: formatNumber(leaving.count, locale) }),
                  })}
                </p>
              ) : null}
              {leaving.waiting > 0 ? (
                <p data-testid="conference-leaving-waiting">
                  {t('admin.form.leaving.waiting', { title: localizedField(leaving.record, 'title', locale), count: leaving.waiting, formatted: formatNumber(leaving.waiting, locale) })}
                </p>
              ) : null}
              <Field name="leaving-message" label={t('admin.form.leaving.message')} hint={t('admin.form.leaving.messageHint')}>
                {(props) => (
                  <textarea
                    {...props}
                    dir="auto"
                    rows={4}
                    maxLength={CONFERENCE_CANCEL_MESSAGE_MAX}
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    data-testid="conference-leaving-message"
                  />
                )}
              </Field>
            </div>
          }
          confirmLabel={t(`admin.form.leaving.${leaving.status === 'archived' ? 'archive' : 'unpublish'}${leaving.count > 0 ? 'Confirm' : 'WaitingConfirm'}`)}
          cancelLabel={t('admin.cancel')}
          danger
          onConfirm={() => void confirmLeaving()}
          onCancel={() => setLeaving(null)}
          testId="conference-leaving-dialog"
        />
      ) : null}
    </section>
  );
}

/** `/admin/conferences/:id` (administrators; `new` creates): the whole conference in one form. */
export function AdminConference() {
  const { t } = useTranslation(NAMESPACE);
  const { id = 'new' } = useParams();
  const [attempt, setAttempt] = useState(0);
  // The conference this page created: its editor stays (same key) at its new address.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const kept = id === 'new' || (createdId !== null && id === String(createdId));
  const loaded = useAsync((signal) => (kept ? Promise.resolve(null) : fetchAdminConference(id, signal)), [id, attempt, kept]);
  if (kept) {
    const reload = () => {
      setCreatedId(null);
      setAttempt((n) => n + 1);
    };
    return <ConferenceEditor key="new" record={null} onCreated={(created) => setCreatedId(created.id)} onReload={reload} />;
  }
  if (loaded.status === 'failed') return <SectionState state="failed" onRetry={loaded.reload} />;
  if (loaded.status === 'loading' || loaded.data === undefined) return <SectionState state="loading" />;
  if (loaded.data === null) {
    return (
      <section data-testid="admin-conference-not-found" className="space-y-3">
        <p role="alert" className="text-slate-700 dark:text-slate-200">{t('admin.form.notFound')}</p>
        <Link to={ROUTES.adminConferences} className={linkClass}>{t('admin.form.back')}</Link>
      </section>
    );
  }
  return <ConferenceEditor key={`${loaded.data.id}:${loaded.data.version}:${attempt}`} record={loaded.data} onReload={() => setAttempt((n) => n + 1)} />;
}

