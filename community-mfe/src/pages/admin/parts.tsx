/** Pieces of the moderation screens: the author line and a chat's moderation form. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { controlClass } from '@scholars/shared-contracts/ui';
import { Text } from '@scholars/shared-contracts/ui/text';
import { formatNumber, typedNumber } from '@scholars/shared-contracts/locale';
import type { ChatSettings, ModerationQueueItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../../i18n';
import { saveChatSettings } from '../../api/moderation';

/** The author, their removals in 90 days, and the suggestion to suspend (words, icon and colour). */
export function AuthorLine({ author, suggest }: { author: ModerationQueueItem['author']; suggest: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (!author) return <span className="italic text-slate-500 dark:text-slate-400">{t('console.formerMember')}</span>;
  return (
    <div data-testid="moderation-author" data-removals={author.removals_90_days}>
      {/* Isolated inline (its own language and direction), the line keeping the page's side: a block with
          dir="auto" put an Arabic name at the right edge of an English table's cell. */}
      <p className="font-medium text-slate-900 dark:text-slate-100"><Text value={author.name} data-testid="moderation-author-name" /></p>
      <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="moderation-removals">
        {t('console.removals', { count: author.removals_90_days, formatted: formatNumber(author.removals_90_days, locale) })}
      </p>
      {author.suspended ? <p className="text-xs font-semibold text-slate-700 dark:text-slate-200">{t('console.suspended')}</p> : null}
      {suggest && !author.suspended ? (
        <p className="mt-1 inline-block rounded bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="moderation-suggest-suspension">
          ⚠ {t('console.suggestSuspension')}
        </p>
      ) : null}
    </div>
  );
}

/** A research chat's moderation: closed with a reason (read-only), slow mode in seconds. */
export function ChatSettingsForm({ researchId, title, initial, onSaved }: { researchId: number; title: string; initial: ChatSettings; onSaved?: (settings: ChatSettings) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [closed, setClosed] = useState(initial.closed);
  const [reason, setReason] = useState(initial.closed_reason ?? '');
  const [seconds, setSeconds] = useState(String(initial.slow_mode_seconds));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await saveChatSettings(researchId, { closed, closed_reason: closed ? reason : null, slow_mode_seconds: typedNumber(seconds) });
      setMessage({ ok: true, text: answer.msg });
      onSaved?.(answer.data);
    } catch (error) {
      setMessage({ ok: false, text: isApiError(error) && error.msg ? error.msg : t('console.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="chat-settings-form" noValidate>
      <h2 dir="auto" className="font-semibold text-slate-900 dark:text-slate-50">{t('console.chatOf', { title })}</h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={closed} onChange={(event) => setClosed(event.target.checked)} className="accent-emerald-700" data-testid="chat-settings-closed" />
        {t('console.closed')}
      </label>
      {closed ? (
        <label className="block text-sm">
          {t('console.closedReason')}
          <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} dir="auto" className={controlClass(false)} data-testid="chat-settings-reason" />
        </label>
      ) : null}
      <label className="block text-sm">
        {t('console.slowModeSeconds')}
        <input
          inputMode="numeric"
          dir="ltr"
          value={seconds}
          onChange={(event) => setSeconds(event.target.value)}
          className={`${controlClass(false)} max-w-40`}
          data-testid="chat-settings-slow"
        />
      </label>
      <button type="submit" disabled={busy} className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60" data-testid="chat-settings-save">
        {busy ? t('console.saving') : t('console.save')}
      </button>
      <div aria-live="polite">
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-emerald-800 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'} data-testid="chat-settings-message">
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
