import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { controlClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import type { SupervisionMine } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { fetchMySupervision, nameSupervisor, remindSupervisor } from '../api/supervision';

/**
 * The student's supervisor for master's and doctoral work (spec 1): none (name one by e-mail),
 * pending (whom, remind when allowed, name someone else), accepted (their name). Not a form of its
 * own: it sits inside the research form, so its button sends on click and on Enter.
 */
export function SupervisorPanel() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const id = useId();
  const loaded = useAsync((signal) => fetchMySupervision(signal), []);
  const [current, setCurrent] = useState<SupervisionMine | null>(null);
  const [email, setEmail] = useState('');
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const mine = current ?? loaded.data ?? null;

  const run = async (call: () => Promise<{ msg?: string; data: SupervisionMine }>) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call();
      setCurrent(answer.data);
      setChanging(false);
      setEmail('');
      if (answer.msg) setMessage({ ok: true, text: answer.msg });
    } catch (error) {
      setMessage({ ok: false, text: isApiError(error) ? error.message : t('exchange.supervisor.failed') });
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    if (email.trim()) void run(() => nameSupervisor(email.trim()));
  };

  // wrap-anywhere: an e-mail address (no break in it) in a sentence wraps inside the panel on a phone, not past its edge.
  const box = 'space-y-3 rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950 wrap-anywhere dark:border-sky-900 dark:bg-sky-950 dark:text-sky-50';
  let body;
  if (loaded.status === 'failed' && !mine) {
    body = (
      <div role="alert">
        <p>{t('exchange.supervisor.loadFailed')}</p>
        <button type="button" onClick={loaded.reload} className="mt-2 font-semibold underline">{t('admin.retry')}</button>
      </div>
    );
  } else if (!mine) {
    body = <p role="status">{t('admin.loading')}</p>;
  } else if (mine.supervisor && !changing) {
    body = <p data-testid="supervisor-accepted" className="font-medium" dir="auto">{t('exchange.supervisor.accepted', { name: mine.supervisor.name })}</p>;
  } else if (mine.invitation && !changing) {
    const waitUntil = mine.invitation.remind_available_at;
    const canRemind = mine.invitation.state === 'pending' && (!waitUntil || Date.parse(waitUntil) <= Date.now());
    body = (
      <div className="space-y-3">
        <p data-testid="supervisor-pending" data-state={mine.invitation.state}>
          {mine.invitation.state === 'pending'
            ? t('exchange.supervisor.pending', { email: mine.invitation.email, date: formatDate(mine.invitation.sent_at, locale, 'date') })
            : t('exchange.supervisor.declined', { email: mine.invitation.email })}
        </p>
        <div className="flex flex-wrap gap-3">
          {mine.invitation.state === 'pending' ? (
            <button type="button" disabled={!canRemind || busy} onClick={() => void run(remindSupervisor)} data-testid="supervisor-remind" className="rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800 disabled:opacity-50">
              {t('exchange.supervisor.remind')}
            </button>
          ) : null}
          <button type="button" disabled={busy} onClick={() => setChanging(true)} data-testid="supervisor-change" className="rounded-lg border border-sky-700 px-4 py-2 font-semibold text-sky-900 hover:bg-sky-100 dark:border-sky-300 dark:text-sky-100 dark:hover:bg-sky-900">
            {t('exchange.supervisor.other')}
          </button>
        </div>
        {mine.invitation.state === 'pending' && !canRemind && waitUntil ? (
          <p className="text-sm">{t('exchange.supervisor.remindAt', { date: formatDate(waitUntil, locale, 'dateTime') })}</p>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="space-y-2">
        <p>{t('exchange.supervisor.noneHint')}</p>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium">{t('exchange.supervisor.email')}</label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            autoComplete="off"
            value={email}
            disabled={busy}
            data-testid="supervisor-email"
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                send();
              }
            }}
            className={`${controlClass(false)} mt-0 max-w-sm flex-1`}
          />
          <button type="button" disabled={busy || !email.trim()} onClick={send} data-testid="supervisor-send" className="rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800 disabled:opacity-50">
            {busy ? t('exchange.supervisor.sending') : t('exchange.supervisor.send')}
          </button>
          {changing ? (
            <button type="button" onClick={() => setChanging(false)} className="rounded-lg px-3 py-2 font-semibold underline">{t('exchange.supervisor.cancel')}</button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid="supervisor-panel" className={box}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">{t('exchange.supervisor.title')}</h2>
      <p className="text-sm">{t('exchange.supervisor.needed')}</p>
      {body}
      <div aria-live="polite">
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} data-testid="supervisor-message" className={message.ok ? 'font-medium' : 'text-red-700 dark:text-red-300'}>{message.text}</p>
        ) : null}
      </div>
    </section>
  );
}
