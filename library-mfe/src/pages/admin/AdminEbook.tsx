import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fileUrl, isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { DraftRestored, formDraftKey, useDraftOverForm } from '@scholars/shared-contracts/ui/draft';
import { controlClass, labelClass, listReturnSearch, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, FileField, StatusBadge } from '@scholars/shared-contracts/ui/content';
import { localizedField } from '@scholars/shared-contracts/locale';
import { routeId } from '@scholars/shared-contracts/constants';
import {
  adminEbookBodySchema,
  LIBRARY_COLLECTIONS,
  libraryDocTypeSchema,
  type AdminEbook,
  type AdminEbookBody,
  type AdminEbookValues,
  type ContentStatus,
} from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { deleteEbook, fetchAdminEbook, saveEbook, setEbookStatus, uploadContent } from '../../api/admin-content';
import { fetchCategories } from '../../api/community-categories';
import { fetchUniversities } from '../../api/universities';
import { ConfirmDelete, linkClass, NoticeView, TextField, useFieldText, useNoticeOf, useRefusal, limited, type Notice } from '../../components/ContentConsole';

type Values = AdminEbookBody;

/** The form's values of an item (a new one: an Arabic e-book). */
function valuesOf(item: AdminEbook | null): Values {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    collection: item?.collection ?? 'ebooks',
    doc_type: item?.doc_type ?? 'book',
    language: item?.language ?? 'ar',
    title: text(item?.title),
    title_en: text(item?.title_en),
    author: text(item?.author),
    author_en: text(item?.author_en),
    abstract: text(item?.abstract),
    abstract_en: text(item?.abstract_en),
    publisher: text(item?.publisher),
    publisher_en: text(item?.publisher_en),
    isbn: text(item?.isbn),
    pages: item?.pages == null ? '' : String(item.pages),
    published_year: item?.published_year == null ? '' : String(item.published_year),
    keywords: item?.keywords.join(', ') ?? '',
    category_id: item?.category_id ? String(item.category_id) : '',
    university_id: item?.university_id ? String(item.university_id) : '',
    file: item?.file ? { path: item.file.path, name: item.file.name } : null,
    image: item?.image ?? null,
  };
}

/**
 * The form as the tab's draft keeps it (`useFormDraft` holds texts, lists and records, no null): the
 * uploaded file as its path and name, no image as ''.
 */
type Draft = { [K in Exclude<keyof Values, 'file' | 'image'>]-?: NonNullable<Values[K]> } & { file_path: string; file_name: string; image: string };
// The form's texts are never null (valuesOf gives '' for none).
const draftOf = ({ file, image, ...texts }: Values): Draft => ({ ...(texts as Omit<Draft, 'file_path' | 'file_name' | 'image'>), file_path: file?.path ?? '', file_name: file?.name ?? '', image: image ?? '' });
const valuesOfDraft = ({ file_path, file_name, image, ...texts }: Draft): Values => ({ ...texts, file: file_path ? { path: file_path, name: file_name } : null, image: image || null });

/** The status moves offered from each status. */
const MOVES: Record<ContentStatus, ContentStatus[]> = { draft: ['published', 'archived'], published: ['draft', 'archived'], archived: ['published', 'draft'] };
const MOVE_TEXT = { published: 'content.ebook.publish', draft: 'content.ebook.unpublish', archived: 'content.ebook.archive' } as const;

function EbookForm({ item, onSaved, onReload, notice, setNotice }: { item: AdminEbook | null; onSaved: (item: AdminEbook) => void; onReload: () => void; notice: Notice | null; setNotice: (notice: Notice | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const noticeOf = useNoticeOf();
  const fieldText = useFieldText();
  const categories = useAsync((signal) => fetchCategories(signal), []);
  const universities = useAsync((signal) => fetchUniversities(signal), []);
  const [busy, setBusy] = useState(false);
  // What is typed is kept in this tab until saved, per account and per version of the item: a
  // session ending mid-form or a reload loses nothing; a draft of a version someone has saved over
  // since is not laid over theirs.
  const userId = useSession(selectUser)?.id ?? null;
  const form = useForm<Values, unknown, AdminEbookValues>({ resolver: zodResolver(adminEbookBodySchema), defaultValues: valuesOf(item) });
  const { register, handleSubmit, setValue, watch, setError, clearErrors, reset, formState } = form;
  const dirty = formState.isDirty;
  const errors = formState.errors as Record<string, { message?: unknown } | undefined>;
  const error = (name: string) => fieldText(errors[name]?.message);
  const file = watch('file') as AdminEbookValues['file'];
  const image = watch('image') as string | null;

  // The stored values after a save or a reload (after someone else's save); a refusal's marks stay.
  useEffect(() => reset(valuesOf(item), { keepErrors: true }), [item, reset]);
  // A draft brought back is laid over the stored values (after the reset above).
  const draft = useDraftOverForm(form, formDraftKey(userId, item ? `admin-ebook:${item.id}:${item.version}` : 'admin-ebook:new'), valuesOf(item), draftOf, valuesOfDraft);
  const { forget: forgetDraft } = draft;

  const labelOf = (field: string) => t(`content.ebook.fields.${field === 'published_year' ? 'year' : field}`, { defaultValue: field });

  const refusal = useRefusal(setError);
  const refused = (problem: unknown) => setNotice(refusal(problem));

  /**
   * Saves the form when it changed (a new item as a draft), then moves it to `status` when asked. A
   * new item's editor becomes the saved item's (its address), whether or not the move succeeds.
   */
  const run = (status?: ContentStatus) =>
    handleSubmit(async (values) => {
      setBusy(true);
      setNotice(null);
      clearErrors();
      let current = item;
      try {
        if (!current || dirty) {
          const saved = await saveEbook(current?.id ?? null, current ? { ...values, version: current.version } : values);
          forgetDraft();
          current = saved.data;
          onSaved(current);
          setNotice({ ok: true, text: saved.msg ?? t('content.saved') });
        }
        if (status && status !== current.status) {
          const moved = await setEbookStatus(current.id, status, current.version);
          forgetDraft();
          current = moved.data;
          onSaved(current);
          setNotice({ ok: true, text: moved.msg ?? t('content.saved') });
        }
      } catch (problem) {
        refused(problem);
      } finally {
        setBusy(false);
        if (!item && current) navigate(ROUTES.adminEbook(current.id), { replace: true });
      }
    });

  const remove = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await deleteEbook(item.id, item.version);
      forgetDraft();
      navigate({ pathname: ROUTES.adminLibrary, search: listReturnSearch(location.state) });
    } catch (problem) {
      setNotice(noticeOf(problem));
      setBusy(false);
    }
  };

  const select = `${controlClass(false)} text-sm`;
  const inputOf = (name: 'isbn' | 'pages' | 'published_year', inputMode: 'numeric' | 'text', max: number) => (
    <TextField label={labelOf(name)} control={register(name)} inputMode={inputMode} dir="ltr" maxLength={max} error={error(name)} testId={`field-${name}`} />
  );

  return (
    <form noValidate onSubmit={run()} data-testid="admin-ebook-form" aria-busy={busy} className="space-y-8">
      <NoticeView notice={notice} onReload={onReload} labelOf={labelOf} />
      <DraftRestored shown={draft.restored} testId="admin-ebook-draft-restored">{t('content.ebook.draftRestored')}</DraftRestored>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('content.ebook.publishHint')}</p>

      <fieldset className="space-y-5" disabled={busy}>
        <legend className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">{t('content.ebook.sections.text')}</legend>
        <BilingualField label={labelOf('title')} required arabic={limited(register('title'), 300)} english={limited(register('title_en'), 300)} arabicError={error('title')} englishError={error('title_en')} />
        <BilingualField label={labelOf('author')} arabic={limited(register('author'), 300)} english={limited(register('author_en'), 300)} arabicError={error('author')} englishError={error('author_en')} />
        <BilingualField label={labelOf('abstract')} required rows={6} arabic={limited(register('abstract'), 10000)} english={limited(register('abstract_en'), 10000)} arabicError={error('abstract')} englishError={error('abstract_en')} />
        <BilingualField label={labelOf('publisher')} arabic={limited(register('publisher'), 300)} english={limited(register('publisher_en'), 300)} arabicError={error('publisher')} englishError={error('publisher_en')} />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" disabled={busy}>
        <legend className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">{t('content.ebook.sections.facts')}</legend>
        <label className={labelClass}>
          {labelOf('collection')}
          <select {...register('collection')} data-testid="field-collection" className={select}>
            {LIBRARY_COLLECTIONS.map((value) => <option key={value} value={value}>{t(`list.tabs.${value}`)}</option>)}
          </select>
        </label>
        <label className={labelClass}>
          {t('content.ebook.fields.docType')}
          <select {...register('doc_type')} data-testid="field-doc_type" className={select}>
            {libraryDocTypeSchema.options.map((value) => <option key={value} value={value}>{t(`docTypes.${value}`)}</option>)}
          </select>
        </label>
        <label className={labelClass}>
          {labelOf('language')}
          <select {...register('language')} data-testid="field-language" className={select}>
            <option value="ar">{t('languages.ar')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
        </label>
        <label className={labelClass}>
          {labelOf('category')}
          <select {...register('category_id')} data-testid="field-category_id" aria-invalid={Boolean(error('category_id'))} className={controlClass(Boolean(error('category_id')))}>
            <option value="">{t('content.ebook.fields.noCategory')}</option>
            {(categories.data ?? []).map((category) => <option key={category.id} value={String(category.id)}>{localizedField(category, 'name', locale)}</option>)}
          </select>
          {error('category_id') ? <span role="alert" className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('category_id')}</span> : null}
        </label>
        <label className={labelClass}>
          {labelOf('university')}
          <select {...register('university_id')} data-testid="field-university_id" aria-invalid={Boolean(error('university_id'))} className={controlClass(Boolean(error('university_id')))}>
            <option value="">{t('content.ebook.fields.noUniversity')}</option>
            {(universities.data ?? []).map((university) => <option key={university.id} value={String(university.id)}>{localizedField(university, 'name', locale)}</option>)}
          </select>
          {error('university_id') ? <span role="alert" className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('university_id')}</span> : null}
        </label>
        {inputOf('isbn', 'text', 40)}
        {inputOf('pages', 'numeric', 6)}
        {inputOf('published_year', 'numeric', 4)}
        <label className={`${labelClass} sm:col-span-2 lg:col-span-3`}>
          {labelOf('keywords')}
          <input {...register('keywords')} dir="auto" maxLength={3000} aria-describedby="ebook-keywords-hint" data-testid="field-keywords" aria-invalid={Boolean(error('keywords'))} className={controlClass(Boolean(error('keywords')))} />
          <span id="ebook-keywords-hint" className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{t('content.ebook.fields.keywordsHint')}</span>
          {error('keywords') ? <span role="alert" className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('keywords')}</span> : null}
        </label>
      </fieldset>

      <fieldset className="grid gap-6 md:grid-cols-2" disabled={busy}>
        <legend className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">{t('content.ebook.sections.files')}</legend>
        <FileField
          name="file"
          kind="pdf"
          label={labelOf('file')}
          value={file?.path ?? null}
          fileName={file?.name}
          upload={uploadContent}
          error={error('file')}
          onChange={(stored) => setValue('file', stored ? { path: stored.path, name: stored.original_name } : null, { shouldDirty: true })}
        />
        <FileField
          name="image"
          kind="image"
          label={labelOf('image')}
          value={image}
          imageUrl={fileUrl}
          upload={uploadContent}
          error={error('image')}
          onChange={(stored) => setValue('image', stored?.path ?? null, { shouldDirty: true })}
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <button type="submit" disabled={busy} data-testid="admin-ebook-save" className={primaryButtonClass}>
          {busy ? t('content.saving') : item ? t('content.ebook.save') : t('content.ebook.saveDraft')}
        </button>
        {(item ? MOVES[item.status] : (['published'] as ContentStatus[])).map((status) => (
          <button key={status} type="button" disabled={busy} onClick={run(status)} data-testid={`admin-ebook-${status}`} className={secondaryButtonClass}>
            {item ? t(MOVE_TEXT[status]) : t('content.ebook.publishNew')}
          </button>
        ))}
        {item ? (
          <span className="ms-auto">
            <ConfirmDelete name={localizedField(item, 'title', locale)} onConfirm={() => void remove()} disabled={busy} testId="admin-ebook-delete" />
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** `/admin/library/:id` (administrators; `new` creates): a library item's editor. */
export function AdminEbook() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id: raw = '' } = useParams();
  const location = useLocation();
  const creating = raw === 'new';
  const id = creating ? null : routeId(raw);
  const loaded = useAsync((signal) => (creating ? Promise.resolve(null) : id === null ? Promise.reject(new Error('invalid id')) : fetchAdminEbook(id, signal)), [raw]);
  const [item, setItem] = useState<AdminEbook | null>(null);
  // Kept here: a new item's editor moves to the saved item's address with its message.
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (loaded.status === 'ready') setItem(loaded.data);
  }, [loaded.status, loaded.data]);
  const missing = !creating && (id === null || (loaded.status === 'failed' && isApiError(loaded.error) && (loaded.error.status === 404 || loaded.error.status === 400)));
  const shown = creating ? null : item;

  return (
    <section data-testid="admin-ebook" className="space-y-6">
      <Link to={{ pathname: ROUTES.adminLibrary, search: listReturnSearch(location.state) }} className={`text-sm ${linkClass}`} data-testid="admin-ebook-back">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span> {t('content.ebook.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50" dir="auto">
          {shown ? localizedField(shown, 'title', locale) || t('content.ebook.editTitle') : creating ? t('content.ebook.newTitle') : t('content.ebook.editTitle')}
        </h1>
        {shown ? <StatusBadge status={shown.status} /> : null}
        {shown ? <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="admin-ebook-version">{t('content.ebook.version', { version: shown.version })}</span> : null}
        {shown?.status === 'published' ? (
          <Link to={ROUTES.researchLibraryDetails(shown.id)} className={`text-sm ${linkClass}`} data-testid="admin-ebook-public">{t('content.ebook.viewPublic')}</Link>
        ) : null}
      </header>
      {missing ? (
        <p role="alert" data-testid="admin-ebook-not-found" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">{t('content.ebook.notFound')}</p>
      ) : loaded.status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-red-200 p-4 text-red-800 dark:border-red-900 dark:text-red-200">
          <p>{t('content.loadFailed')}</p>
          <button type="button" onClick={loaded.reload} className="mt-2 font-semibold underline">{t('content.retry')}</button>
        </div>
      ) : !creating && !shown ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('content.loading')}</p>
      ) : shown && shown.research_id !== null ? (
        <div data-testid="admin-ebook-research" className="space-y-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
          <p>{t('content.ebook.researchManaged')}</p>
          <Link to={ROUTES.adminResearchEdit(shown.research_id)} className={linkClass}>{t('content.ebook.openResearch')}</Link>
        </div>
      ) : (
        <EbookForm
          item={shown}
          onSaved={setItem}
          onReload={() => {
            setNotice(null);
            loaded.reload();
          }}
          notice={notice}
          setNotice={setNotice}
        />
      )}
    </section>
  );
}
