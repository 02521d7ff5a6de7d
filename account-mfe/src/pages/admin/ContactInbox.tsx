import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { CONTACT_INBOX_STATES, CONTACT_REPLY_MAX_LENGTH, type ContactMessageDetails } from '@scholars/shared-contracts/schemas';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { directionOf, formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchContactMessage, fetchContactMessages, markContactMessageHandled, replyToContactMessage } from '../../api/contact-inbox';
import { errorText } from '../../lib/errors';
import { LIST_LIMIT as LIMIT, ListFilters, ListResults, positive, useListParams } from '../../components/AdminList';
import { Badge, SectionState, StackedCell, linkClass, stackedRowClass } from '../../components/Status';

/** Every message unless the address names a state (`all` is none). */
const FILTERS = { state: { values: CONTACT_INBOX_STATES.filter((value) => value !== 'all') } };

/**
 * The contact inbox (administrators): the contact form's messages newest first, searched and
 * filtered by state in the address; `?open=<id>` shows one message with its replies, where it is
 * answered by e-mail and marked handled.
 */
export function ContactInbox() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const { q, page } = params;
  const state = params.filters.state ?? 'all';
  const openId = positive(params.open);
  const list = useAsync((signal) => fetchContactMessages({ q: q || undefined, state, page, limit: LIMIT }, signal), [q, state, page, openId]);
  const open = params.setOpen;

  return (
    <section data-testid="contact-inbox">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.inbox.title')}</h1>
      <ListFilters
        key={params.key}
        q={q}
        drafts={params.drafts}
        searchLabel={t('admin.inbox.search')}
        selects={[{ name: 'state', label: t('admin.inbox.state'), options: CONTACT_INBOX_STATES.map((value) => [value === 'all' ? '' : value, t(`admin.inbox.states.${value}`)] as const) }]}
        submitLabel={t('admin.inbox.apply')}
        onApply={params.apply}
        testId="inbox"
      />
      {openId !== null ? <MessagePanel key={openId} id={openId} onClose={() => open(null)} onChanged={list.reload} /> : null}
      <div className="mt-6">
        <ListResults
          list={list}
          page={page}
          empty={t('admin.inbox.empty')}
          testId="inbox-table"
          total={(total) => t('admin.inbox.total', { total })}
          head={[t('admin.inbox.from'), t('admin.inbox.message'), t('admin.inbox.received'), t('admin.inbox.status'), '']}
        >
          {(items) =>
            items.map((item) => (
              <tr key={item.id} data-testid="inbox-row" data-message-id={item.id} className={`${stackedRowClass} ${item.read_at ? '' : 'font-semibold'}`}>
                <StackedCell label={t('admin.inbox.from')}>
                  <bdi>{item.full_name}</bdi>
                  <span className="block text-sm font-normal text-slate-600 dark:text-slate-300"><bdi>{item.email}</bdi></span>
                </StackedCell>
                <StackedCell label={t('admin.inbox.message')}>
                  <p lang={item.locale} dir="auto" className="line-clamp-2 max-w-md">{item.message}</p>
                </StackedCell>
                <StackedCell label={t('admin.inbox.received')}>{formatDate(item.created_at, locale, 'dateTime')}</StackedCell>
                <StackedCell label={t('admin.inbox.status')}>
                  <span className="flex flex-wrap gap-1">
                    {item.handled_at ? <Badge tone="green">{t('admin.inbox.handled')}</Badge> : item.read_at ? <Badge tone="slate">{t('admin.inbox.read')}</Badge> : <Badge tone="amber">{t('admin.inbox.unread')}</Badge>}
                    {item.replies > 0 ? <Badge tone="slate">{t('admin.inbox.replies', { count: item.replies })}</Badge> : null}
                  </span>
                </StackedCell>
                <StackedCell label={t('admin.inbox.open')}>
                  <button type="button" className={linkClass} onClick={() => open(item.id)} data-testid="inbox-open">{t('admin.inbox.open')}</button>
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}

/**
 * One message: its sender, text and replies; the reply form; handled or open again. A reply or a
 * change of state is reported to the list (`onChanged`), whose row shows the state and the replies too.
 */
function MessagePanel({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  // The message's language named in the console's ("الإنجليزية", not "English").
  const languageName = (locale: Locale) => t(locale === 'ar' ? 'common:content.arabic' : 'common:content.english');
  const { locale } = useLocale();
  const loaded = useAsync((signal) => fetchContactMessage(id, signal), [id]);
  const [current, setCurrent] = useState<ContactMessageDetails | null>(null);
  const [reply, setReply] = useState('');
  const [handleOnSend, setHandleOnSend] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const message = current ?? loaded.data ?? null;

  const run = async (call: () => Promise<ContactMessageDetails>) => {
    setBusy(true);
    setError(null);
    try {
      setCurrent(await call());
      onChanged();
      return true;
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => replyToContactMessage(id, { body: reply, handled: handleOnSend }))) setReply('');
  };

  return (
    <article data-testid="inbox-message" className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      {loaded.status === 'failed' ? (
        <SectionState state="failed" onRetry={loaded.reload} />
      ) : loaded.status === 'loading' && !message ? (
        <SectionState state="loading" />
      ) : !message ? (
        <p role="alert">{t('admin.inbox.notFound')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50"><bdi>{message.full_name}</bdi></h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <bdi>{message.email}</bdi> · <bdi dir="ltr">{message.phone}</bdi> · {formatDate(message.created_at, locale, 'dateTime')}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.inbox.language')}: {languageName(message.locale)}</p>
            </div>
            <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('admin.inbox.close')}</button>
          </header>
          <p lang={message.locale} dir="auto" className="whitespace-pre-wrap rounded-lg bg-slate-50 p-4 text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="inbox-message-text">{message.message}</p>
          {error ? <p role="alert" data-testid="inbox-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">{error}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            {message.handled_at ? (
              <>
                <Badge tone="green" testId="inbox-handled">{t('admin.inbox.handled')}</Badge>
                {message.handled_by ? <span className="text-sm text-slate-600 dark:text-slate-300">{t('admin.inbox.handledBy', { name: message.handled_by.name, date: formatDate(message.handled_at, locale, 'dateTime') })}</span> : null}
                <button type="button" disabled={busy} className={secondaryButtonClass} onClick={() => void run(() => markContactMessageHandled(id, false))} data-testid="inbox-reopen">{t('admin.inbox.reopen')}</button>
              </>
            ) : (
              <button type="button" disabled={busy} className={secondaryButtonClass} onClick={() => void run(() => markContactMessageHandled(id, true))} data-testid="inbox-mark-handled">{t('admin.inbox.markHandled')}</button>
            )}
          </div>
          <section aria-labelledby={`replies-${id}`}>
            <h3 id={`replies-${id}`} className="font-semibold text-slate-900 dark:text-slate-50">{t('admin.inbox.repliesTitle')}</h3>
            {message.reply_list.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('admin.inbox.noReplies')}</p>
            ) : (
              <ol className="mt-2 flex flex-col gap-3">
                {message.reply_list.map((item) => (
                  <li key={item.id} data-testid="inbox-reply" className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <p className="text-xs text-slate-600 dark:text-slate-300">{t('admin.inbox.replyBy', { name: item.author?.name ?? t('admin.inbox.formerStaff'), date: formatDate(item.created_at, locale, 'dateTime') })}</p>
                    <p lang={message.locale} dir="auto" className="mt-1 whitespace-pre-wrap">{item.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <form onSubmit={(event) => void send(event)} className="flex flex-col gap-3">
            <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
              {t('admin.inbox.replyLabel', { email: message.email, language: languageName(message.locale) })}
              <textarea
                rows={5}
                lang={message.locale}
                dir={directionOf(message.locale)}
                maxLength={CONTACT_REPLY_MAX_LENGTH}
                value={reply}
                onChange={(event) => setReply(event.target.value)}
                className={controlClass(false)}
                data-testid="inbox-reply-text"
              />
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input type="checkbox" checked={handleOnSend} onChange={(event) => setHandleOnSend(event.target.checked)} />
              {t('admin.inbox.markHandledWithReply')}
            </label>
            <div>
              <button type="submit" disabled={busy} className={primaryButtonClass} data-testid="inbox-send">{t('admin.inbox.send')}</button>
            </div>
          </form>
        </div>
      )}
    </article>
  );
}
