import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import { EditScreen, Field, FileInput, useAsync } from '@scholars/shared-contracts/ui';
import { DraftRestored, formDraftKey, useFormDraft } from '@scholars/shared-contracts/ui/draft';
import {
  checkResearchUpload,
  fieldErrors,
  OTHER_CATEGORY,
  RESEARCH_FILE_ACCEPT,
  RESEARCH_FILE_MAX_BYTES,
  RESEARCH_IMAGE_ACCEPT,
  RESEARCH_IMAGE_MAX_BYTES,
  researchFieldsSchema,
  researchTypeSchema,
  type MessageParams,
  type ResearchSubmission,
} from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import '../i18n/exchange-form';
import { fetchCategories } from '../api/community-categories';
import { fetchMySubmission, saveResearch } from '../api/research';
import { fileShares } from '../lib/progress';
import { formatDate, localizedField } from '@scholars/shared-contracts/locale';
import { ProgressBar } from '../components/ProgressBar';
import { SupervisorPanel } from '../components/SupervisorPanel';
import { DecisionReason, SubmissionTimeline } from '../components/SubmissionTimeline';

/** Research types whose author names an academic supervisor first (spec 1). */
const SUPERVISED_TYPES = new Set(['master', 'doctorate']);

type TextField = 'title' | 'title_en' | 'description' | 'description_en' | 'abstract' | 'category_id' | 'other_category' | 'research_type';
type FieldName = TextField | 'terms' | 'file' | 'image';
type Values = Record<TextField, string> & { terms: boolean };
/** A client-side error (a key, translated at render) or the server's text (already localized). */
type FieldError = { key: string; params?: MessageParams } | { text: string };
/** Per sent file: 0..1, or null while the size is unknown; a file not sent has no entry. */
type Progress = Partial<Record<'file' | 'image', number | null>>;

const FIELD_ORDER: FieldName[] = [
  'title',
  'title_en',
  'description',
  'description_en',
  'abstract',
  'category_id',
  'other_category',
  'research_type',
  'file',
  'image',
  'terms',
];

const emptyValues = (): Values => ({
  title: '',
  title_en: '',
  description: '',
  description_en: '',
  abstract: '',
  category_id: '',
  other_category: '',
  research_type: '',
  terms: false,
});

const valuesOf = (research: ResearchSubmission): Values => ({
  title: research.title,
  title_en: research.title_en,
  description: research.description,
  description_en: research.description_en,
  abstract: research.abstract,
  category_id: research.category_id ? String(research.category_id) : research.other_category ? OTHER_CATEGORY : '',
  other_category: research.other_category ?? '',
  research_type: research.research_type,
  // Agreed when submitted; the owner confirms again by keeping it ticked.
  terms: true,
});

const MB = 1024 * 1024;

function Success({ research, progress, onAnother }: { research: ResearchSubmission; progress: Progress; onAnother: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  return (
    <>
    <div role="status" data-testid="exchange-success" className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-50">
      <p className="text-xl font-bold">{t('exchange.success.title')}</p>
      <UploadProgress progress={progress} />
      <ul className="space-y-1">
        <li data-testid="exchange-success-id">{t('exchange.success.number', { id: research.id })}</li>
        <li data-testid="exchange-success-status">{t('exchange.success.status', { status: t(`exchange.statuses.${research.status}`) })}</li>
        {research.expected_decision ? (
          <li data-testid="exchange-success-expected">
            {t('exchange.success.expected', {
              from: formatDate(research.expected_decision.from, locale),
              to: formatDate(research.expected_decision.to, locale),
            })}
          </li>
        ) : null}
        {research.status === 'pending_supervisor' ? <li>{t('exchange.success.supervisorFirst')}</li> : null}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Link to={`${ROUTES.researchExchange}?edit=${research.id}`} data-testid="exchange-edit-link" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
          {t('exchange.success.edit')}
        </Link>
        <Link to={ROUTES.profile} className="rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-100 dark:border-emerald-400 dark:text-emerald-100 dark:hover:bg-emerald-900">
          {t('exchange.success.profile')}
        </Link>
        <button type="button" onClick={onAnother} className="rounded-lg px-4 py-2 font-semibold text-emerald-800 underline dark:text-emerald-200">
          {t('exchange.success.another')}
        </button>
      </div>
    </div>
    {/* The review waits for the supervisor: who it is, or a way to name one now (outside the announced status). */}
    {research.status === 'pending_supervisor' ? <div className="mt-4"><SupervisorPanel /></div> : null}
    </>
  );
}

function UploadProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation(NAMESPACE);
  const entries = ([['file', t('exchange.progressFile')], ['image', t('exchange.progressImage')]] as const).filter(([key]) => key in progress);
  if (entries.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="exchange-progress">
      {entries.map(([key, label]) => (
        <ProgressBar key={key} label={label} value={progress[key] ?? null} testId={`exchange-progress-${key}`} />
      ))}
    </div>
  );
}

function ResearchForm({ existing, onCreated }: { existing?: ResearchSubmission; onCreated: (research: ResearchSubmission, progress: Progress) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // What is typed is kept in this tab for this account until it is saved (not the files): a session
  // that ends meanwhile sends the member to sign in, which unmounts the form.
  const userId = useSession(selectUser)?.id ?? null;
  const { values, setValues, restored, forget } = useFormDraft(
    formDraftKey(userId, `research-exchange:${existing?.id ?? 'new'}`),
    existing ? valuesOf(existing) : emptyValues(),
  );
  const [files, setFiles] = useState<{ file: File | null; image: File | null }>({ file: null, image: null });
  // A new round of file inputs after a save (the chosen files went with it).
  const [filesRound, setFilesRound] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  // `fields`: the message is about the fields marked in red, so it goes once none is marked any more.
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' } | { kind: 'error'; message: string; fields?: boolean } | { kind: 'saved'; message: string }>({ kind: 'idle' });
  const [progress, setProgress] = useState<Progress>({});
  const [current, setCurrent] = useState(existing);
  const formRef = useRef<HTMLFormElement>(null);
  const categories = useAsync((signal) => fetchCategories(signal), []);

  const text = (error: FieldError | undefined) =>
    !error ? undefined : 'text' in error ? error.text : t(`common:${error.key}`, { ...error.params, defaultValue: t('common:validation.invalidInput') });

  const clearError = (name: FieldName) => {
    if (errors[name]) setErrors((all) => ({ ...all, [name]: undefined }));
  };
  const set = (name: TextField) => (value: string) => {
    setValues((all) => ({ ...all, [name]: value }));
    clearError(name);
    // The "other category" field goes away with its choice, and so does its mark.
    if (name === 'category_id' && value !== OTHER_CATEGORY) clearError('other_category');
  };

  const focusFirstError = (names: string[]) => {
    const first = FIELD_ORDER.find((name) => names.includes(name));
    if (!first) return;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, select, textarea)`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<FieldName, FieldError>> = {};
    const parsed = researchFieldsSchema.safeParse(values);
    if (!parsed.success) for (const error of fieldErrors(parsed.error)) next[error.field as FieldName] ??= { key: error.key, params: error.params };
    for (const kind of ['file', 'image'] as const) {
      const problem = checkResearchUpload(kind, files[kind], { required: !existing });
      if (problem) next[kind] = { key: problem.key, params: problem.params };
    }
    if (Object.keys(next).length > 0) {
      setErrors(next);
      setStatus({ kind: 'error', message: t('exchange.fixErrors'), fields: true });
      focusFirstError(Object.keys(next));
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, typeof value === 'boolean' ? String(value) : value);
    const sent = (['file', 'image'] as const).filter((kind) => files[kind]);
    for (const kind of sent) form.append(kind, files[kind]!, files[kind]!.name);
    const initial: Progress = Object.fromEntries(sent.map((kind) => [kind, 0]));
    setProgress(initial);
    try {
      const answer = await saveResearch(form, {
        id: existing?.id,
        onProgress: (event) => {
          const shares = fileShares(event.loaded, event.total, sent.map((kind) => files[kind]!.size));
          setProgress(Object.fromEntries(sent.map((kind, index) => [kind, shares[index] ?? null])));
        },
      });
      forget();
      const finished: Progress = Object.fromEntries(sent.map((kind) => [kind, 1]));
      if (!existing) {
        onCreated(answer.data, finished);
        return;
      }
      setProgress(finished);
      setCurrent(answer.data);
      setFiles({ file: null, image: null });
      setFilesRound((round) => round + 1);
      setStatus({ kind: 'saved', message: answer.msg ?? t('exchange.save') });
    } catch (error) {
      setProgress({});
      if (isApiError(error) && error.errors) {
        const serverErrors: Partial<Record<FieldName, FieldError>> = {};
        for (const [field, message] of Object.entries(error.errors)) serverErrors[field as FieldName] = { text: Array.isArray(message) ? message.join(' ') : message };
        setErrors(serverErrors);
        focusFirstError(Object.keys(serverErrors));
      }
      const fields = isApiError(error) && Boolean(error.errors) && Object.keys(error.errors ?? {}).length > 0;
      // The server's refusal of fields is under each of them: the line by the button says what to
      // do (as for the browser's own checks), not the first field's message a second time.
      setStatus({ kind: 'error', message: fields ? t('exchange.fixErrors') : isApiError(error) ? error.message : t('exchange.failed'), fields });
    }
  };

  const common = (name: FieldName) => ({ name, label: t(`exchange.fields.${name}`), required: true, error: text(errors[name]) });
  const input = (name: TextField, extra: { dir?: 'ltr' | 'rtl'; lang?: string; maxLength?: number; hint?: string } = {}) => (
    <Field {...common(name)} hint={extra.hint}>
      {(props) => (
        <input {...props} name={name} type="text" dir={extra.dir} lang={extra.lang} maxLength={extra.maxLength} value={values[name]} onChange={(event) => set(name)(event.target.value)} />
      )}
    </Field>
  );
  const textarea = (name: TextField, extra: { dir?: 'ltr' | 'rtl' | 'auto'; lang?: string; rows?: number; maxLength: number; hint?: string }) => (
    <Field {...common(name)} hint={extra.hint}>
      {(props) => (
        <textarea {...props} name={name} dir={extra.dir} lang={extra.lang} rows={extra.rows ?? 4} maxLength={extra.maxLength} value={values[name]} onChange={(event) => set(name)(event.target.value)} />
      )}
    </Field>
  );
  const fileInput = (kind: 'file' | 'image', accept: string, hint: string) => (
    <Field {...common(kind)} required={!existing} hint={hint}>
      {(props) => (
        <FileInput
          {...props}
          key={filesRound}
          name={kind}
          accept={accept}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFiles((all) => ({ ...all, [kind]: chosen }));
            clearError(kind);
          }}
        />
      )}
    </Field>
  );

  const sending = status.kind === 'sending';
  const termsError = text(errors.terms);
  const marked = Object.values(errors).some(Boolean);
  const showError = status.kind === 'error' && (!status.fields || marked);
  const sectionClass = 'grid gap-5 rounded-xl border border-slate-200 p-5 sm:grid-cols-2 dark:border-slate-800';
  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="exchange-form" className="space-y-8" aria-busy={sending}>
      {current ? (
        <p data-testid="exchange-edit-status" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {current.expected_decision
            ? t('exchange.expectedEdit', {
                status: t(`exchange.statuses.${current.status}`),
                from: formatDate(current.expected_decision.from, locale),
                to: formatDate(current.expected_decision.to, locale),
              })
            : t(`exchange.statuses.${current.status}`)}
        </p>
      ) : null}
      {current?.status === 'changes_requested' ? (
        <div role="note" data-testid="exchange-changes-note" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-medium">{t(`exchange.changesAsked.${changesAskedBy(current)}`)}</p>
          {/* The note in its own direction: an Arabic note on an English page keeps its full stop at its end. */}
          {current.decision?.reason ? <p dir="auto" data-testid="exchange-changes-reason" className="whitespace-pre-line text-start">{current.decision.reason}</p> : null}
          <p className="text-sm">{t('exchange.resubmitHint')}</p>
        </div>
      ) : null}
      <DraftRestored shown={restored} testId="exchange-draft-restored">{t('exchange.draftRestored')}</DraftRestored>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('exchange.requiredHint')}</p>
      <fieldset className={sectionClass} disabled={sending}>
        <legend className="px-2 text-lg font-semibold">{t('exchange.sections.about')}</legend>
        {input('title', { dir: 'rtl', lang: 'ar', maxLength: 300 })}
        {input('title_en', { dir: 'ltr', lang: 'en', maxLength: 300 })}
        {textarea('description', { dir: 'rtl', lang: 'ar', maxLength: 5000 })}
        {textarea('description_en', { dir: 'ltr', lang: 'en', maxLength: 5000 })}
        <div className="sm:col-span-2">{textarea('abstract', { dir: 'auto', rows: 7, maxLength: 10000, hint: t('exchange.hints.abstract') })}</div>
      </fieldset>
      <fieldset className={sectionClass} disabled={sending}>
        <legend className="px-2 text-lg font-semibold">{t('exchange.sections.classification')}</legend>
        <Field {...common('category_id')}>
          {(props) => (
            <select {...props} name="category_id" value={values.category_id} onChange={(event) => set('category_id')(event.target.value)}>
              <option value="">{t('exchange.choose')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>{localizedField(category, 'name', locale)}</option>
              ))}
              <option value={OTHER_CATEGORY}>{t('exchange.otherOption')}</option>
            </select>
          )}
        </Field>
        <Field {...common('research_type')} hint={t('exchange.hints.research_type')}>
          {(props) => (
            <select {...props} name="research_type" value={values.research_type} onChange={(event) => set('research_type')(event.target.value)}>
              <option value="">{t('exchange.choose')}</option>
              {researchTypeSchema.options.map((type) => (
                <option key={type} value={type}>{t(`exchange.types.${type}`)}</option>
              ))}
            </select>
          )}
        </Field>
        {values.category_id === OTHER_CATEGORY ? (
          <div className="sm:col-span-2">{input('other_category', { maxLength: 200, hint: t('exchange.hints.other_category') })}</div>
        ) : null}
      </fieldset>
      {SUPERVISED_TYPES.has(values.research_type) ? <SupervisorPanel /> : null}
      <fieldset className={sectionClass} disabled={sending}>
        <legend className="px-2 text-lg font-semibold">{t('exchange.sections.files')}</legend>
        {fileInput(
          'file',
          RESEARCH_FILE_ACCEPT,
          current ? t('exchange.hints.keepFile', { name: current.file.name }) : t('exchange.hints.file', { size: RESEARCH_FILE_MAX_BYTES / MB }),
        )}
        {fileInput('image', RESEARCH_IMAGE_ACCEPT, current ? t('exchange.hints.keepImage') : t('exchange.hints.image', { size: RESEARCH_IMAGE_MAX_BYTES / MB }))}
        {Object.keys(progress).length > 0 ? (
          <div className="sm:col-span-2">
            <UploadProgress progress={progress} />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" disabled={sending} data-field="terms">
        <legend className="px-2 text-lg font-semibold">{t('exchange.sections.agreement')}</legend>
        <div className="flex items-start gap-3">
          <input
            id="exchange-terms"
            type="checkbox"
            name="terms"
            checked={values.terms}
            aria-invalid={Boolean(termsError)}
            aria-describedby={termsError ? 'exchange-terms-error' : undefined}
            aria-required
            onChange={(event) => {
              setValues((all) => ({ ...all, terms: event.target.checked }));
              clearError('terms');
            }}
            className="mt-1 size-4 shrink-0 accent-emerald-700"
          />
          <label htmlFor="exchange-terms" className="text-slate-700 dark:text-slate-200">
            {t('exchange.terms.before')}
            <a href={ROUTES.privacyPolicy} target="_blank" rel="noopener" className="font-semibold text-emerald-700 underline dark:text-emerald-400">
              {t('exchange.terms.policy')}
            </a>
            {t('exchange.terms.after')}
          </label>
        </div>
        {termsError ? (
          <p id="exchange-terms-error" role="alert" data-testid="error-terms" className="mt-1 text-sm text-red-700 dark:text-red-400">{termsError}</p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" data-testid="exchange-submit" disabled={sending} className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60">
          {sending ? t('exchange.sending') : !existing ? t('exchange.submit') : current?.status === 'changes_requested' ? t('exchange.resubmit') : t('exchange.save')}
        </button>
        <div aria-live="polite" className="flex-1">
          {showError ? <p role="alert" data-testid="exchange-error" className="text-red-700 dark:text-red-400">{status.message}</p> : null}
          {status.kind === 'saved' ? <p role="status" data-testid="exchange-updated" className="font-medium text-emerald-800 dark:text-emerald-300">{status.message}</p> : null}
        </div>
      </div>
      {current ? <SubmissionTimeline history={current.history} /> : null}
    </form>
  );
}

function NewResearch() {
  const [created, setCreated] = useState<{ research: ResearchSubmission; progress: Progress } | null>(null);
  const [round, setRound] = useState(0);
  if (created) return <Success research={created.research} progress={created.progress} onAnother={() => {
    setCreated(null);
    setRound((n) => n + 1);
  }} />;
  return <ResearchForm key={round} onCreated={(research, progress) => setCreated({ research, progress })} />;
}

/** The edit mode (`?edit={id}`): the owner's submission, editable until decided. */
function EditResearch({ id }: { id: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  return (
    <EditScreen
      id={id}
      load={fetchMySubmission}
      editable={(research) => research.editable}
      decided={(research) => (
        <>
          <p dir="auto" className="font-semibold" data-testid="exchange-decided-title">{localizedField(research, 'title', locale)}</p>
          <p className="mt-2">{t('exchange.notEditable', { status: t(`exchange.statuses.${research.status}`) })}</p>
          <DecisionReason research={research} />
          <div className="mt-4">
            <SubmissionTimeline history={research.history} />
          </div>
        </>
      )}
      form={(research) => <ResearchForm existing={research} onCreated={() => undefined} />}
      texts={{ loading: t('exchange.loading'), notFound: t('exchange.notFound'), newLink: t('exchange.newLink') }}
      newPath={ROUTES.researchExchange}
      testIdPrefix="exchange"
    />
  );
}

/** /research-exchange (auth) and its edit mode /research-exchange?edit={id} (spec 2, 3, 5; issue 5), for a member (LazyResearchExchange.tsx answers visitors). */
/** Who asked for the changes: the role of the latest move to `changes_requested` (supervisor or reviewer). */
const changesAskedBy = (submission: ResearchSubmission) =>
  [...submission.history].reverse().find((step) => step.to === 'changes_requested')?.by_role === 'supervisor' ? 'supervisor' : 'reviewer';

export function ResearchExchange() {
  const { t } = useTranslation(NAMESPACE);
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  usePageTitle(editId ? t('exchange.editTitle') : t('exchange.title'));

  return (
    <section data-testid="library-exchange" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{editId ? t('exchange.editTitle') : t('exchange.title')}</h1>
      <p className="mt-2 mb-8 text-slate-600 dark:text-slate-300">{t('exchange.description')}</p>
      {editId ? <EditResearch key={editId} id={editId} /> : <NewResearch />}
    </section>
  );
}

