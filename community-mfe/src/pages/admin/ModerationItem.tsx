import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import { controlClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate, pickLocalized } from '@scholars/shared-contracts/locale';
import { routeId } from '@scholars/shared-contracts/constants';
import { MODERATION_ACTIONS, REPORT_ITEM_TYPES, type ChatMessage, type ModerationAction, type ModerationItem as Item, type ReportItemType } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { decideModeration, fetchModerationItem, fetchRemovalTemplates } from '../../api/moderation';
import { MessageText } from '../../components/ChatPanel';
import { AuthorLine, ChatSettingsForm } from './parts';

function ContextMessage({ message, reported }: { message: ChatMessage; reported?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  return (
    <li
      data-testid={reported ? 'moderation-reported-message' : 'moderation-context-message'}
      className={`rounded-lg px-3 py-2 ${reported ? 'border-2 border-amber-500 bg-amber-50 dark:bg-amber-950/50' : 'bg-slate-50 dark:bg-slate-800/60'}`}
    >
      <p className="text-xs text-slate-600 dark:text-slate-300">
        <span dir="auto" className="font-semibold">{message.sender.name}</span> · <time dateTime={message.created_at}>{formatDate(message.created_at, locale, 'dateTime')}</time>
      </p>
      {message.text === null ? (
        <p className="italic text-slate-500 dark:text-slate-400" data-testid="moderation-removed-text">
          {message.deleted_by ? t(`console.removedBy.${message.deleted_by}`) : t('console.removedText')}
        </p>
      ) : (
        <MessageText text={message.text} />
      )}
    </li>
  );
}

function Context({ item }: { item: Item }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { context } = item;
  if (context.item_type === 'chat_message') {
    return (
      <section aria-labelledby="moderation-context" className="space-y-2">
        <h2 id="moderation-context" className="font-semibold">{t('console.context')}</h2>
        <p className="text-sm">
          {t('console.research')}:{' '}
          <Link to={ROUTES.community(context.research.id)} dir="auto" className="text-emerald-800 underline dark:text-emerald-300">
            {pickLocalized(locale, context.research.title, context.research.title_en)}
          </Link>
        </p>
        <ol className="space-y-2" data-testid="moderation-context">
          {context.before.map((message) => <ContextMessage key={message.id} message={message} />)}
          <ContextMessage message={context.message} reported />
          {context.after.map((message) => <ContextMessage key={message.id} message={message} />)}
        </ol>
      </section>
    );
  }
  if (context.item_type === 'research') {
    return (
      <section aria-labelledby="moderation-context" className="space-y-2" data-testid="moderation-context">
        <h2 id="moderation-context" className="font-semibold">{t('console.research')}</h2>
        <p dir="auto" className="text-lg font-semibold">{pickLocalized(locale, context.research.title, context.research.title_en)}</p>
        <p dir="auto" className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-200">{context.research.abstract}</p>
        {/* Removed (by this decision or the review): its page answers "does not exist" to everyone. */}
        {context.research.status === 'approved' ? (
          <Link to={ROUTES.community(context.research.id)} className="text-sm text-emerald-800 underline dark:text-emerald-300">{t('console.openResearch')}</Link>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="moderation-research-unpublished">{t('console.researchUnpublished')}</p>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="moderation-context" className="space-y-2" data-testid="moderation-context">
      <h2 id="moderation-context" className="font-semibold">{t('console.profile')}</h2>
      <p dir="auto" className="font-semibold">{context.profile.name}</p>
      <p dir="auto" className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-200">{context.profile.bio || t('console.noBio')}</p>
      <Link to={ROUTES.userProfile(context.profile.id)} className="text-sm text-emerald-800 underline dark:text-emerald-300">{t('console.openProfile')}</Link>
    </section>
  );
}

function Decision({ item, onDone }: { item: Item; onDone: (text: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const user = useSession(selectUser);
  const isAdmin = user?.roles?.includes('admin') ?? false;
  const templates = useAsync((signal) => fetchRemovalTemplates(signal), []);
  const id = useId();
  // Nothing chosen at first: a decision is the moderator's own act, never a default.
  const [action, setAction] = useState<ModerationAction | ''>('');
  const [missingAction, setMissingAction] = useState(false);
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Suspending is an administrator's decision (the API refuses a reviewer's); it is offered when suggested.
  const actions = MODERATION_ACTIONS.filter((name) => name !== 'suspend' || (isAdmin && item.author && !item.author.suspended));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) {
      setMissingAction(true);
      return;
    }
    if (action !== 'dismiss' && !reason.trim()) {
      setError(t('console.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ends = action === 'suspend' && endsAt ? new Date(`${endsAt}T23:59:59`).toISOString() : null;
      onDone(await decideModeration(item.item_type, item.item_id, { action, ...(action === 'dismiss' ? {} : { reason }), ends_at: ends }));
    } catch (failure) {
      setError(isApiError(failure) && failure.msg ? failure.msg : t('console.decideFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="moderation-decision" noValidate>
      <h2 className="font-semibold">{t('console.decision')}</h2>
      <fieldset className="flex flex-wrap gap-3" aria-describedby={missingAction ? `${id}-action-error` : undefined}>
        <legend className="sr-only">{t('console.decision')}</legend>
        {actions.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="action"
              value={name}
              checked={action === name}
              onChange={() => {
                setAction(name);
                setMissingAction(false);
                // A message about the previous choice (a missing reason) does not apply to this one.
                setError(null);
              }}
              aria-invalid={missingAction || undefined}
              className="accent-emerald-700"
              data-testid={`moderation-action-${name}`}
            />
            {t(`console.actions.${name}`)}
          </label>
        ))}
      </fieldset>
      {missingAction ? (
        <p id={`${id}-action-error`} role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="moderation-action-error">
          {t('console.actionRequired')}
        </p>
      ) : null}
      {action && action !== 'dismiss' ? (
        <>
          {action === 'remove' && templates.data && templates.data.length > 0 ? (
            <label className="block text-sm">
              {t('console.template')}
              <select
                className={controlClass(false)}
                value=""
                onChange={(event) => {
                  const chosen = templates.data?.find((template) => String(template.id) === event.target.value);
                  // In the author's language: they read the reason in their e-mail (the review screen does the same).
                  if (chosen) setReason(pickLocalized(item.author?.locale ?? locale, chosen.text, chosen.text_en));
                }}
                data-testid="moderation-template"
              >
                <option value="">{t('console.templateNone')}</option>
                {templates.data.map((template) => (
                  <option key={template.id} value={String(template.id)}>{pickLocalized(locale, template.text, template.text_en)}</option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="block text-sm">
            {t('console.reason')}
            <textarea
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(null);
              }}
              rows={3}
              dir="auto"
              maxLength={2000}
              aria-invalid={Boolean(error) || undefined}
              className={controlClass(Boolean(error))}
              data-testid="moderation-reason"
            />
          </label>
          {action === 'suspend' ? (
            <label className="block text-sm">
              {t('console.suspendUntil')}
              <input type="date" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} className={`${controlClass(false)} max-w-52`} data-testid="moderation-ends" />
            </label>
          ) : null}
        </>
      ) : null}
      {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="moderation-error">{error}</p> : null}
      <button type="submit" disabled={busy} className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60" data-testid="moderation-decide">
        {busy ? t('console.deciding') : t('console.decide')}
      </button>
    </form>
  );
}

/**
 * `/admin/moderation/:type/:id` (reviewer, admin): a reported item in context, its open reports, its
 * author with their removals in 90 days, the decision, and for a chat message its chat's moderation.
 */
export function ModerationItem() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useParams();
  const type = (REPORT_ITEM_TYPES as readonly string[]).includes(params.type ?? '') ? (params.type as ReportItemType) : null;
  const id = routeId(params.id);
  const item = useAsync((signal) => (type && id ? fetchModerationItem(type, id, signal) : Promise.resolve(null)), [type, id]);
  const [done, setDone] = useState<string | null>(null);
  // Its title comes with the screen (the item's type), the console's name after it as on every console screen.
  usePageTitle(type ? t('console.inConsole', { page: t(`console.types.${type}`) }) : undefined);
  const back = (
    <Link to={ROUTES.adminModeration} className="text-sm text-emerald-800 underline dark:text-emerald-300" data-testid="moderation-back">
      <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t('console.backToQueue')}
    </Link>
  );
  if (item.status === 'failed' || item.data === null) {
    const notFound = item.status !== 'failed' || (isApiError(item.error) && item.error.status === 404);
    return (
      <section className="space-y-3" data-testid="moderation-item">
        {back}
        <p role="alert" className="text-red-700 dark:text-red-300">{notFound ? t('console.notFound') : t('console.loadFailed')}</p>
        {notFound ? null : <button type="button" onClick={item.reload} className="font-semibold underline">{t('console.retry')}</button>}
      </section>
    );
  }
  if (!item.data) return <p role="status" className="text-slate-500 dark:text-slate-400">{t('console.loading')}</p>;
  const data = item.data;
  const open = data.reports.length;
  return (
    <section className="space-y-6" data-testid="moderation-item" data-type={data.item_type} data-id={data.item_id}>
      {back}
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t(`console.types.${data.item_type}`)}</p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('console.openReports', { count: open })}</h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          <Context item={data} />
          {open > 0 ? (
            <ul className="space-y-2" data-testid="moderation-reports">
              {data.reports.map((report) => (
                <li key={report.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800" data-testid="moderation-report">
                  <p>
                    <span className="font-semibold">{t(`console.reasonNames.${report.reason}`)}</span>{' '}
                    <span className="text-slate-600 dark:text-slate-300">
                      {t('console.reportedBy', { name: report.reporter?.name ?? t('console.formerMember') })} · <time dateTime={report.created_at}>{formatDate(report.created_at, locale, 'dateTime')}</time>
                    </span>
                  </p>
                  {report.text ? <p dir="auto" className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-200">{report.text}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600 dark:text-slate-300" data-testid="moderation-decided">{t('console.noOpenReports')}</p>
          )}
          <div aria-live="polite">
            {done ? <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100" data-testid="moderation-done">{done}</p> : null}
          </div>
          {open > 0 && !done ? (
            <Decision
              item={data}
              onDone={(text) => {
                setDone(text);
                item.reload();
              }}
            />
          ) : null}
        </div>
        <aside className="space-y-4">
          <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <h2 className="mb-2 font-semibold">{t('console.author')}</h2>
            <AuthorLine author={data.author} suggest={data.suggest_suspension} />
          </div>
          {data.context.item_type === 'chat_message' ? (
            <ChatSettingsForm researchId={data.context.research.id} title={pickLocalized(locale, data.context.research.title, data.context.research.title_en)} initial={data.context.chat} />
          ) : null}
        </aside>
      </div>
    </section>
  );
}
