import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, selectUser, useLocale, useSession } from '@scholars/shared-contracts';
import { BILLING_ERR, CHAT_MESSAGE_MAX_LENGTH } from '@scholars/shared-contracts/constants';
import type { ChatMessage } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { errorText, newClientId, useChat } from '../chat/use-chat';
import { clearSentDraft, draftKey, readDraft, writeDraft } from '../chat/draft';
import { linkify } from '../chat/linkify';
import { formatMessageTime } from '../lib/format';
import type { ChatSocket, ChatSocketStatus } from '../chat/chat-socket';
import { ReportButton } from '@scholars/shared-contracts/ui/report';
import { rememberPurchaseReturn } from '@scholars/shared-contracts/ui';
import { sendReport } from '../api/reports';

/** Message text as text nodes (never HTML); web addresses become safe links. */
export function MessageText({ text }: { text: string }) {
  return (
    <p dir="auto" className="whitespace-pre-wrap wrap-anywhere" data-testid="chat-message-text">
      {linkify(text).map((segment, index) =>
        segment.type === 'text' ? (
          segment.value
        ) : (
          // dir: a link is read left to right, isolated, in an Arabic message too (its final "/" stays at its end).
          <a key={index} href={segment.href} dir="ltr" target="_blank" rel="noopener noreferrer nofollow ugc" className="underline decoration-1 underline-offset-2">
            {segment.value}
          </a>
        ),
      )}
    </p>
  );
}

function ConnectionBadge({ status }: { status: ChatSocketStatus }) {
  const { t } = useTranslation(NAMESPACE);
  const live = status === 'open';
  const label = live ? t('chat.live') : status === 'connecting' || status === 'idle' ? t('chat.connecting') : t('chat.offline');
  return (
    <span data-testid="chat-connection" data-status={status} className="inline-flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
      <span aria-hidden="true" className={`size-2 rounded-full ${live ? 'bg-emerald-500' : 'bg-amber-500'}`} />
      {label}
    </span>
  );
}

function MessageItem({
  message,
  own,
  canRemove,
  canReport,
  onRemove,
}: {
  message: ChatMessage;
  own: boolean;
  canRemove: boolean;
  /** Someone else's message, still shown: the reader may report it to the moderators. */
  canReport: boolean;
  onRemove: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sender = own ? t('chat.you') : message.sender.name;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRemove(message.id);
      setConfirming(false);
    } catch (failure) {
      setError(errorText(failure, t('chat.removeFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      data-testid="chat-message"
      data-id={message.id}
      data-own={own ? 'true' : 'false'}
      data-deleted={message.deleted ? 'true' : 'false'}
      className={`flex ${own ? 'justify-end' : 'justify-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 shadow-sm ${
          message.deleted
            ? 'border border-dashed border-slate-300 bg-transparent text-slate-500 dark:border-slate-700 dark:text-slate-400'
            : own
              ? 'rounded-ee-sm bg-emerald-700 text-white'
              : 'rounded-es-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <div className="mb-1 flex items-baseline gap-3 text-xs">
          <span className="font-semibold" data-testid="chat-message-sender" dir="auto">{sender}</span>
          <time dateTime={message.created_at} className={own && !message.deleted ? 'text-emerald-100' : 'text-slate-500 dark:text-slate-400'}>
            {formatMessageTime(message.created_at, locale)}
          </time>
        </div>
        {message.deleted || message.text === null ? (
          <p className="italic" data-testid="chat-message-removed">
            {message.deleted_by === 'moderator' ? t('chat.removedByModerator') : t('chat.removed')}
          </p>
        ) : (
          <MessageText text={message.text} />
        )}
        {(canRemove || canReport) && !message.deleted ? (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs">
            {canReport && !confirming ? (
              <ReportButton
                target={{ item_type: 'chat_message', item_id: message.id }}
                send={sendReport}
                className="underline opacity-80 hover:opacity-100"
              />
            ) : null}
            {!canRemove ? null : confirming ? (
              <>
                <span role="alert">{t('chat.confirmRemove')}</span>
                <button type="button" disabled={busy} onClick={() => void remove()} className="rounded border border-current px-2 py-0.5 font-semibold" data-testid="chat-confirm-remove">
                  {t('chat.remove')}
                </button>
                <button type="button" onClick={() => setConfirming(false)} className="rounded px-2 py-0.5 underline">
                  {t('chat.cancel')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirming(true)} className="underline opacity-80 hover:opacity-100" aria-label={t('chat.removeMessage')} data-testid="chat-remove">
                {t('chat.remove')}
              </button>
            )}
          </div>
        ) : null}
        {error ? <p role="alert" className="mt-1 text-xs">{error}</p> : null}
      </div>
    </li>
  );
}

/**
 * The live discussion of a research (chats tab), on the page's socket. A reader without an active
 * subscription is told before typing that posting needs one, with the plans; typed text is never
 * thrown away: it stays in the box when a send is refused, and in this tab's draft of the chat
 * (chat/draft.ts) across a switch of tab or a reload until it is stored.
 */
export function ChatPanel({ researchId, socket }: { researchId: number; socket: ChatSocket | null }) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession(selectUser);
  const chat = useChat(researchId, socket);
  const userId = user ? String(user.id) : null;
  const storageKey = draftKey(userId, researchId);
  const [draft, setDraftState] = useState(() => readDraft(storageKey));
  const setDraft = (text: string) => {
    setDraftState(text);
    writeDraft(storageKey, text);
  };
  useEffect(() => {
    setDraftState(readDraft(storageKey));
  }, [storageKey]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [refusedForSubscription, setRefusedForSubscription] = useState(false);
  const needsSubscription = chat.canPost === false || refusedForSubscription;
  const [sending, setSending] = useState(false);
  const clientIdRef = useRef<string>(newClientId());
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const composerId = useId();
  const errorId = useId();
  const noticeId = useId();
  // Moderators (reviewers, administrators) may remove any message; the API decides too. `role` is
  // the most privileged of the account's roles, so it names either.
  const isModerator = user?.role === 'admin' || user?.role === 'reviewer';
  const length = Array.from(draft).length;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;

  const lastId = chat.messages.at(-1)?.id;
  const pendingCount = chat.pending.length;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (olderAnchor.current) {
      // Older messages were put above: keep the reader where they were.
      list.scrollTop = list.scrollHeight - olderAnchor.current.height + olderAnchor.current.top;
      olderAnchor.current = null;
      return;
    }
    if (stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [lastId, pendingCount, chat.status, chat.messages.length]);

  useEffect(() => {
    stickToBottom.current = true;
  }, [researchId]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  };

  const loadOlder = async () => {
    const list = listRef.current;
    if (list) olderAnchor.current = { height: list.scrollHeight, top: list.scrollTop };
    try {
      await chat.loadOlder();
    } catch {
      olderAnchor.current = null;
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || tooLong || sending) return;
    setSending(true);
    setSendError(null);
    stickToBottom.current = true;
    const clientId = clientIdRef.current;
    const key = storageKey;
    // The box empties while the message is on its way; the stored draft stays until it is stored.
    setDraftState('');
    try {
      await chat.send(text, clientId);
      clientIdRef.current = newClientId();
      clearSentDraft(key, text);
      setRefusedForSubscription(false);
    } catch (error) {
      // Keep the text (and the same client id: a retry can never post it twice).
      setDraftState((current) => (current.trim() ? current : readDraft(key) || text));
      if (isApiError(error) && error.err === BILLING_ERR.subscriptionRequired) setRefusedForSubscription(true);
      else setSendError(errorText(error, t('chat.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section aria-labelledby="chat-title" className="flex flex-col rounded-xl border border-slate-200 dark:border-slate-800" data-testid="chat-panel">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id="chat-title" className="font-semibold">{t('chat.title')}</h2>
        <ConnectionBadge status={chat.connection} />
      </header>
      <div ref={listRef} onScroll={onScroll} className="h-[28rem] overflow-y-auto px-4 py-3" data-testid="chat-scroll">
        {chat.status === 'loading' ? (
          <p role="status" className="py-10 text-center text-slate-500">{t('chat.loading')}</p>
        ) : chat.status === 'failed' ? (
          <div role="alert" className="py-10 text-center" data-testid="chat-error">
            <p className="text-red-700 dark:text-red-300">{t('chat.loadFailed')}</p>
            <button type="button" onClick={chat.retry} className="mt-3 rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700">
              {t('chat.retry')}
            </button>
          </div>
        ) : (
          <>
            {chat.hasOlder ? (
              <div className="mb-3 text-center">
                <button
                  type="button"
                  onClick={() => void loadOlder()}
                  disabled={chat.loadingOlder}
                  className="rounded-full border border-slate-300 px-4 py-1 text-sm hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
                  data-testid="chat-older"
                >
                  {chat.loadingOlder ? t('chat.loadingOlder') : t('chat.older')}
                </button>
              </div>
            ) : null}
            {chat.messages.length === 0 && chat.pending.length === 0 ? (
              <p className="py-10 text-center text-slate-500 dark:text-slate-400" data-testid="chat-empty">{t('chat.empty')}</p>
            ) : null}
            <ol role="log" aria-live="polite" aria-label={t('chat.log')} className="flex flex-col gap-3" data-testid="chat-log">
              {chat.messages.map((message) => {
                const own = userId !== null && String(message.sender.id) === userId;
                return <MessageItem key={message.id} message={message} own={own} canRemove={own || isModerator} canReport={!own && userId !== null} onRemove={chat.remove} />;
              })}
              {chat.pending
                .filter((item) => !chat.messages.some((message) => message.client_id === item.clientId))
                .map((item) => (
                  <li key={item.clientId} className="flex justify-end opacity-70" data-testid="chat-pending">
                    <div className="max-w-[85%] rounded-2xl rounded-ee-sm bg-emerald-700 px-4 py-2 text-white">
                      <div className="mb-1 text-xs font-semibold">{t('chat.you')} · {t('chat.sending')}</div>
                      <MessageText text={item.text} />
                    </div>
                  </li>
                ))}
            </ol>
          </>
        )}
      </div>
      {chat.settings?.closed ? (
        <p role="note" className="border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-50" data-testid="chat-closed">
          {t('moderation.closedBanner', { reason: chat.settings.closed_reason ?? '' })}
        </p>
      ) : chat.settings && chat.settings.slow_mode_seconds > 0 ? (
        <p role="note" className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300" data-testid="chat-slow-mode">
          ◷ {t('moderation.slowMode', { count: chat.settings.slow_mode_seconds })}
        </p>
      ) : null}
      {needsSubscription && !chat.settings?.closed ? (
        <div
          id={noticeId}
          className="border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-50"
          data-testid="chat-subscription-required"
          role={refusedForSubscription ? 'alert' : 'note'}
        >
          <p>{t('chat.subscribeToPost')}</p>
          <p className="mt-1">{t('chat.draftKept')}</p>
          <a
            href={ROUTES.pricing}
            onClick={() => rememberPurchaseReturn(`${window.location.pathname}${window.location.search}`)}
            className="mt-2 inline-block rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            data-testid="chat-see-plans"
          >
            {t('chat.seePlans')}
          </a>
        </div>
      ) : null}
      {chat.settings?.closed ? null : (
        <form onSubmit={(event) => void submit(event)} className="border-t border-slate-200 p-3 dark:border-slate-800" data-testid="chat-composer">
          <label htmlFor={composerId} className="sr-only">{t('chat.composerLabel')}</label>
          <textarea
            id={composerId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (sendError) setSendError(null);
            }}
            onKeyDown={onKeyDown}
            rows={2}
            dir="auto"
            placeholder={t('chat.placeholder')}
            aria-invalid={tooLong || undefined}
            aria-describedby={[needsSubscription ? noticeId : '', sendError || tooLong ? errorId : ''].filter(Boolean).join(' ') || undefined}
            className="w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <div className="min-h-5 text-sm">
              {sendError || tooLong ? (
                <p id={errorId} role="alert" className="text-red-700 dark:text-red-300" data-testid="chat-send-error">
                  {tooLong ? t('chat.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH }) : sendError}
                </p>
              ) : null}
            </div>
            <div className="flex items-center gap-3">
              <span dir="ltr" className={`text-xs tabular-nums ${tooLong ? 'text-red-700 dark:text-red-300' : 'text-slate-500'}`} aria-hidden="true">
                {t('chat.counter', { count: length, max: CHAT_MESSAGE_MAX_LENGTH })}
              </span>
              <button
                type="submit"
                disabled={sending || tooLong || !draft.trim()}
                className="rounded-lg bg-emerald-700 px-5 py-2 font-medium text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {sending ? t('chat.sending') : t('chat.send')}
              </button>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}
