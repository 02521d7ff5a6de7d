import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { DraftRestored, formDraftKey, useDraftOverForm } from '@scholars/shared-contracts/ui/draft';
import {
  NEWSLETTER_ISSUE_STATUSES,
  newsletterIssueFieldsSchema,
  type NewsletterIssueDetails,
  type NewsletterIssueFields,
  type NewsletterIssueItem,
  type NewsletterIssueStatus,
  type NewsletterRendered,
} from '@scholars/shared-contracts/schemas';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { BilingualField, MissingTranslations } from '@scholars/shared-contracts/ui/content';
import { formatDate, formatNumber, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import {
  createNewsletterIssue,
  deleteNewsletterIssue,
  fetchNewsletterIssue,
  fetchNewsletterIssues,
  fetchNewsletterSubscribers,
  previewNewsletter,
  saveNewsletterIssue,
  sendNewsletterIssue,
  testNewsletterIssue,
} from '../../api/newsletter';
import { errorText } from '../../lib/errors';
import { LIST_LIMIT as LIMIT, ListFilters, ListResults, positive, useListParams } from '../../components/AdminList';
import { Badge, SectionState, StackedCell, linkClass, stackedRowClass, type Tone } from '../../components/Status';
import { MailFrame } from '../../components/MailFrame';

/** Every issue unless the address names a status (`all` is none). */
const FILTERS = { status: { values: NEWSLETTER_ISSUE_STATUSES } } as const;
const STATUS_OPTIONS = ['all', ...NEWSLETTER_ISSUE_STATUSES] as const;
const STATUS_TONES: Record<NewsletterIssueStatus, Tone> = { draft: 'slate', sending: 'amber', sent: 'green' };
const FIELDS = ['subject', 'subject_en', 'body', 'body_en'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The newsletter (administrators, issue 20): the issues newest first with their figures, searched
 * and filtered in the address; `?issue=<id>` opens one in the composer (`?issue=new`: a new one),
 * where it is written in both languages, previewed, tested on oneself and sent.
 */
export function AdminNewsletter() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS, { openParam: 'issue' });
  const { q, page } = params;
  const status = params.filters.status ?? 'all';
  const openId: number | 'new' | null = params.open === 'new' ? 'new' : positive(params.open);
  const [changes, setChanges] = useState(0);
  const refreshList = useCallback(() => setChanges((n) => n + 1), []);
  const list = useAsync((signal) => fetchNewsletterIssues({ q: q || undefined, status, page, limit: LIMIT }, signal), [q, status, page, changes]);
  const open = params.setOpen;

  return (
    <section data-testid="admin-newsletter">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.newsletter.title')}</h1>
          <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{t('admin.newsletter.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={ROUTES.adminNewsletterSubscribers} className={secondaryButtonClass} data-testid="newsletter-subscribers-link">{t('admin.newsletter.subscribersLink')}</Link>
          <button type="button" className={primaryButtonClass} onClick={() => open('new')} data-testid="newsletter-new">{t('admin.newsletter.new')}</button>
        </div>
      </div>
      <ListFilters
        key={params.key}
        q={q}
        drafts={params.drafts}
        searchLabel={t('admin.newsletter.search')}
        selects={[
          {
            name: 'status',
            label: t('admin.newsletter.status'),
            options: STATUS_OPTIONS.map((value) => [value === 'all' ? '' : value, t(`admin.newsletter.statuses.${value}`)] as const),
            testId: 'newsletter-status-filter',
          },
        ]}
        submitLabel={t('admin.newsletter.apply')}
        onApply={params.apply}
        testId="newsletter"
      />
      {openId !== null ? (
        <IssuePanel
          key={openId}
          id={openId}
          onClose={() => open(null)}
          onCreated={(id) => open(id)}
          onChanged={refreshList}
        />
      ) : null}
      <div className="mt-6">
        <ListResults
          list={list}
          page={page}
          empty={t('admin.newsletter.empty')}
          testId="newsletter-issues"
          total={(total) => t('admin.newsletter.total', { total })}
          head={[t('admin.newsletter.subject'), t('admin.newsletter.state'), t('admin.newsletter.figures'), t('admin.newsletter.date'), '']}
        >
          {(items) =>
            items.map((item) => (
              <tr key={item.id} data-testid="newsletter-row" data-issue-id={item.id} className={stackedRowClass}>
                <StackedCell label={t('admin.newsletter.subject')}>
                  <bdi>{pickLocalized(locale, item.subject, item.subject_en) || t('admin.newsletter.untitled')}</bdi>
                </StackedCell>
                <StackedCell label={t('admin.newsletter.state')}>
                  <Badge tone={STATUS_TONES[item.status]}>{t(`admin.newsletter.statuses.${item.status}`)}</Badge>
                </StackedCell>
                <StackedCell label={t('admin.newsletter.figures')}>
                  <Figures item={item} />
                </StackedCell>
                <StackedCell label={t('admin.newsletter.date')}>{formatDate(item.send_started_at ?? item.created_at, locale, 'dateTime')}</StackedCell>
                <StackedCell label={t('admin.newsletter.open')}>
                  <button type="button" className={linkClass} onClick={() => open(item.id)} data-testid="newsletter-open">{t('admin.newsletter.open')}</button>
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}

/** Sent, failed and unsubscribed since, in words; the progress while it is sending. */
function Figures({ item }: { item: NewsletterIssueItem }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (item.status === 'draft') return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const n = (value: number) => formatNumber(value, locale);
  return (
    <span className="text-sm" data-testid="newsletter-figures">
      {item.status === 'sending' ? <span className="block">{t('admin.newsletter.progress', { queued: n(item.stats.queued), recipients: n(item.stats.recipients) })}</span> : null}
      {t('admin.newsletter.figuresLine', { sent: n(item.stats.sent), failed: n(item.stats.failed), unsubscribed: n(item.stats.unsubscribed) })}
    </span>
  );
}

const EMPTY: NewsletterIssueFields = { subject: '', subject_en: '', body: '', body_en: '' };
const fieldsOf = (issue: NewsletterIssueDetails | null): NewsletterIssueFields =>
  issue ? { subject: issue.subject, subject_en: issue.subject_en, body: issue.body, body_en: issue.body_en } : EMPTY;
/** The texts are kept as they are in the tab's draft. */
const asDraft = (fields: NewsletterIssueFields) => ({ subject: fields.subject ?? '', subject_en: fields.subject_en ?? '', body: fields.body ?? '', body_en: fields.body_en ?? '' });

/** One issue: its loading, a missing one, or the composer. */
function IssuePanel({ id, onClose, onCreated, onChanged }: { id: number | 'new'; onClose: () => void; onCreated: (id: number) => void; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [generation, setGeneration] = useState(0);
  const loaded = useAsync((signal) => (id === 'new' ? Promise.resolve(null) : fetchNewsletterIssue(id, signal)), [id, generation]);
  return (
    <article data-testid="newsletter-editor" className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      {loaded.status === 'failed' ? (
        <SectionState state="failed" onRetry={loaded.reload} />
      ) : loaded.status === 'loading' ? (
        <SectionState state="loading" />
      ) : id !== 'new' && !loaded.data ? (
        <>
          <p role="alert">{t('admin.newsletter.notFound')}</p>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={onClose}>{t('admin.newsletter.close')}</button>
        </>
      ) : (
        <Composer
          key={`${generation}-${loaded.data?.version ?? 0}`}
          issue={loaded.data ?? null}
          onClose={onClose}
          onCreated={onCreated}
          onChanged={onChanged}
          onReload={() => setGeneration((n) => n + 1)}
        />
      )}
    </article>
  );
}

type Pending = 'save' | 'test' | 'send' | 'delete' | 'preview' | null;

function Composer({
  issue: initial,
  onClose,
  onCreated,
  onChanged,
  onReload,
}: {
  issue: NewsletterIssueDetails | null;
  onClose: () => void;
  onCreated: (id: number) => void;
  onChanged: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [issue, setIssue] = useState<NewsletterIssueDetails | null>(initial);
  const [busy, setBusy] = useState<Pending>(null);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [preview, setPreview] = useState<Record<Locale, NewsletterRendered> | null>(null);
  const [confirming, setConfirming] = useState<'send' | 'delete' | null>(null);
  const [recipients, setRecipients] = useState<number | null>(null);
  const form = useForm<NewsletterIssueFields>({
    resolver: zodResolver(newsletterIssueFieldsSchema),
    defaultValues: fieldsOf(initial),
  });
  const { register, handleSubmit, getValues, reset, setError, clearErrors, formState } = form;
  // What is typed is kept in this tab until saved, per account and per version of the issue (as the
  // console's other long editors): a session ending mid-text or a reload loses nothing.
  const userId = useSession(selectUser)?.id ?? null;
  const draft = useDraftOverForm(form, formDraftKey(userId, issue ? `admin-newsletter:${issue.id}:${issue.version}` : 'admin-newsletter:new'), fieldsOf(issue), asDraft, asDraft);
  // Read while rendering: react-hook-form tracks only the form state a render reads.
  const dirty = formState.isDirty;
  const editable = !issue || issue.status === 'draft';
  const label = (field: string) => t(field.startsWith('subject') ? 'admin.newsletter.subjectLabel' : 'admin.newsletter.bodyLabel');
  const fieldError = (field: Field) => {
    const message = formState.errors[field]?.message;
    return message ? (message.startsWith('validation.') ? t(`common:${message}`, { maximum: field.startsWith('subject') ? 200 : 20000 }) : message) : undefined;
  };

  // While it is sending, its figures move: read them again every few seconds.
  const sending = issue?.status === 'sending' ? issue.id : null;
  useEffect(() => {
    if (sending === null) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      fetchNewsletterIssue(sending, controller.signal).then(
        (found) => {
          if (!found) return;
          setIssue(found);
          if (found.status !== 'sending') onChanged();
        },
        () => undefined,
      );
    }, 3000);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [sending, onChanged]);

  // The number of confirmed subscribers, for the send's confirmation.
  useEffect(() => {
    if (confirming !== 'send') return;
    const controller = new AbortController();
    setRecipients(null);
    fetchNewsletterSubscribers({ state: 'confirmed', limit: 1 }, controller.signal).then(
      (found) => setRecipients(found.total),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setConfirming(null);
        setFailure({ message: errorText(error, t('common:messages.genericError')), stale: false });
      },
    );
    return () => controller.abort();
  }, [confirming, t]);

  const refused = (error: unknown) => {
    clearErrors();
    const errors = isApiError(error) && error.status === 400 ? (error.errors ?? {}) : {};
    const fields = FIELDS.filter((field) => errors[field] !== undefined);
    for (const field of fields) setError(field, { type: 'server', message: String(errors[field]) });
    // Publishing refused for a text in one language only: listed by the form's own labels.
    setMissing(fields.filter((field) => errors[field] === t('common:validation.translationMissing')));
    // A save that came in between (staleEdit) is the 409 that a reload resolves.
    const stale = isApiError(error) && error.status === 409 && error.msg === t('common:validation.staleEdit');
    setFailure({ message: errorText(error, t('common:messages.genericError')), stale });
  };

  const run = async (kind: Exclude<Pending, null>, call: () => Promise<void>) => {
    setBusy(kind);
    setFailure(null);
    setMissing([]);
    try {
      await call();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  /** Saves the form when it changed (or creates the issue); answers the saved issue. */
  const saveNow = async (values: NewsletterIssueFields): Promise<NewsletterIssueDetails> => {
    if (!issue) {
      const { data } = await createNewsletterIssue(values);
      draft.forget();
      setIssue(data);
      onChanged();
      onCreated(data.id);
      return data;
    }
    if (!dirty) return issue;
    const { data } = await saveNewsletterIssue(issue.id, values, issue.version);
    draft.forget();
    setIssue(data);
    reset(fieldsOf(data));
    onChanged();
    return data;
  };

  const save = handleSubmit((values) => run('save', async () => void (await saveNow(values))));
  const test = handleSubmit((values) =>
    run('test', async () => {
      const saved = await saveNow(values);
      setIssue((await testNewsletterIssue(saved.id, saved.version)).data);
    }),
  );
  const showPreview = () =>
    run('preview', async () => {
      setPreview(await previewNewsletter(getValues()));
    });
  const send = handleSubmit((values) =>
    run('send', async () => {
      const saved = await saveNow(values);
      const { data } = await sendNewsletterIssue(saved.id, saved.version);
      setIssue(data);
      onChanged();
    }).finally(() => setConfirming(null)),
    // The form's own check refused it: the dialog is modal, so it closes to show the fields.
    () => setConfirming(null),
  );
  const remove = () =>
    run('delete', async () => {
      if (!issue) return;
      await deleteNewsletterIssue(issue.id, issue.version);
      draft.forget();
      onChanged();
      onClose();
    }).finally(() => setConfirming(null));

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50">{issue ? t('admin.newsletter.editorTitle') : t('admin.newsletter.editorNew')}</h2>
          {issue ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <Badge tone={STATUS_TONES[issue.status]} testId="newsletter-status">{t(`admin.newsletter.statuses.${issue.status}`)}</Badge>
              {issue.sent_by && issue.send_started_at ? <span>{t('admin.newsletter.startedBy', { name: issue.sent_by.name, date: formatDate(issue.send_started_at, locale, 'dateTime') })}</span> : null}
              {issue.send_finished_at ? <span>{t('admin.newsletter.finishedAt', { date: formatDate(issue.send_finished_at, locale, 'dateTime') })}</span> : null}
            </p>
          ) : null}
        </div>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('admin.newsletter.close')}</button>
      </header>

      {issue && issue.status !== 'draft' ? <Stats issue={issue} /> : null}
      {failure ? (
        <div role="alert" data-testid="newsletter-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p>{failure.message}</p>
          {failure.stale ? (
            <button type="button" className="mt-2 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold dark:border-red-800" onClick={onReload} data-testid="newsletter-reload">
              {t('admin.newsletter.reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      <MissingTranslations fields={missing} labelOf={label} />
      <DraftRestored shown={draft.restored} testId="newsletter-draft-restored">{t('admin.newsletter.draftRestored')}</DraftRestored>

      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
        <fieldset disabled={!editable} className="flex flex-col gap-4">
          {!editable ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.newsletter.sentReadOnly')}</p>
          ) : (
            // The stars mark what sending needs: a draft may be saved with any field empty.
            <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="newsletter-required-legend">
              <span aria-hidden="true" className="text-red-700 dark:text-red-400">*</span> {t('admin.newsletter.requiredLegend')}
            </p>
          )}
          <BilingualField label={t('admin.newsletter.subjectLabel')} arabic={register('subject')} english={register('subject_en')} arabicError={fieldError('subject')} englishError={fieldError('subject_en')} required />
          <BilingualField
            label={t('admin.newsletter.bodyLabel')}
            arabic={register('body')}
            english={register('body_en')}
            arabicError={fieldError('body')}
            englishError={fieldError('body_en')}
            rows={12}
            required
            hint={t('admin.newsletter.bodyHint')}
          />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {editable ? (
            <button type="submit" disabled={busy !== null} className={primaryButtonClass} data-testid="newsletter-save">
              {busy === 'save' ? t('admin.newsletter.saving') : t('admin.newsletter.save')}
            </button>
          ) : null}
          <button type="button" disabled={busy !== null} className={secondaryButtonClass} onClick={() => void showPreview()} data-testid="newsletter-preview">{t('admin.newsletter.preview')}</button>
          <button type="button" disabled={busy !== null} className={secondaryButtonClass} onClick={() => void test()} data-testid="newsletter-test">
            {busy === 'test' ? t('admin.newsletter.working') : t('admin.newsletter.test')}
          </button>
          {editable ? (
            <button type="button" disabled={busy !== null} className={primaryButtonClass} onClick={() => setConfirming('send')} data-testid="newsletter-send">{t('admin.newsletter.send')}</button>
          ) : null}
          {issue && editable ? (
            <button type="button" disabled={busy !== null} className="inline-flex items-center rounded-lg px-4 py-2 font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950" onClick={() => setConfirming('delete')} data-testid="newsletter-delete">
              {t('admin.newsletter.delete')}
            </button>
          ) : null}
        </div>
      </form>

      {confirming === 'send' ? (
        <ConfirmDialog
          title={t('admin.newsletter.confirmSendTitle')}
          body={recipients === null ? t('admin.newsletter.counting') : t('admin.newsletter.confirmSendBody', { count: recipients, total: formatNumber(recipients, locale) })}
          confirmLabel={busy ? t('admin.newsletter.working') : t('admin.newsletter.confirmSend', { count: recipients ?? 0, total: formatNumber(recipients ?? 0, locale) })}
          cancelLabel={t('admin.newsletter.cancel')}
          confirmDisabled={busy !== null || recipients === null}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(null)}
          testId="newsletter-confirm"
        />
      ) : confirming === 'delete' ? (
        <ConfirmDialog
          title={t('admin.newsletter.confirmDeleteTitle')}
          body={t('admin.newsletter.confirmDeleteBody')}
          confirmLabel={busy ? t('admin.newsletter.working') : t('admin.newsletter.confirmDelete')}
          cancelLabel={t('admin.newsletter.cancel')}
          confirmDisabled={busy !== null}
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
          testId="newsletter-confirm"
        />
      ) : null}

      {preview ? <Preview preview={preview} /> : null}
    </div>
  );
}

function Stats({ issue }: { issue: NewsletterIssueDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const cells = [
    ['recipients', issue.stats.recipients],
    ['queued', issue.stats.queued],
    ['sent', issue.stats.sent],
    ['failed', issue.stats.failed],
    ['pending', issue.stats.pending],
    ['unsubscribed', issue.stats.unsubscribed],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="newsletter-stats">
      {cells.map(([key, value]) => (
        <div key={key} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800" data-testid={`newsletter-stat-${key}`}>
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{t(`admin.newsletter.${key}`)}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-slate-50">{formatNumber(value, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Both languages as the mails show them: the HTML in a sandboxed frame that runs no script. */
function Preview({ preview }: { preview: Record<Locale, NewsletterRendered> }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section aria-labelledby="newsletter-preview-title" data-testid="newsletter-preview-panel">
      <h3 id="newsletter-preview-title" className="font-semibold text-slate-900 dark:text-slate-50">{t('admin.newsletter.previewTitle')}</h3>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {(['en', 'ar'] as const).map((lang) => (
          <div key={lang} className="min-w-0">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t(lang === 'en' ? 'common:content.english' : 'common:content.arabic')} · <bdi lang={lang} data-testid={`newsletter-preview-subject-${lang}`}>{preview[lang].subject}</bdi>
            </p>
            <MailFrame title={preview[lang].subject} html={preview[lang].html} testId={`newsletter-preview-${lang}`} />
          </div>
        ))}
      </div>
    </section>
  );
}
