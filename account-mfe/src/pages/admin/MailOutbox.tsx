import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchOutbox, type OutboxMail } from '../../api/admin';
import { Badge, SectionState } from '../../components/Status';
import { MailFrame } from '../../components/MailFrame';

/**
 * The mail outbox (administrators; `GET dev/outbox.json`): the latest e-mails, newest first, each
 * readable here (its text; its HTML, when the API sends it, in a sandboxed frame that runs no
 * script), so an operator, and the browser tests, can follow a link in an e-mail.
 */
export function MailOutbox() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const [open, setOpen] = useState<number | null>(null);
  const list = useAsync((signal) => fetchOutbox({ to: to || undefined, limit: 100 }, signal), [to]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? new URLSearchParams({ to: draft.trim() }) : new URLSearchParams());
  };
  return (
    <section data-testid="admin-outbox">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.outbox.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('admin.outbox.intro')}</p>
      <form role="search" onSubmit={apply} className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.outbox.filterTo')}
          <input type="search" dir="ltr" value={draft} onChange={(event) => setDraft(event.target.value)} className={controlClass(false)} data-testid="outbox-to" />
        </label>
        <button type="submit" className={primaryButtonClass}>{t('admin.outbox.apply')}</button>
      </form>
      <div className="mt-6">
        {list.status === 'failed' ? (
          <SectionState state="failed" onRetry={list.reload} />
        ) : !list.data ? (
          <SectionState state="loading" />
        ) : list.data.length === 0 ? (
          <SectionState state="empty" empty={t('admin.outbox.empty')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.map((mail) => (
              <MailItem key={mail.id} mail={mail} open={open === mail.id} onToggle={() => setOpen((current) => (current === mail.id ? null : mail.id))} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function MailItem({ mail, open, onToggle }: { mail: OutboxMail; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const tone = mail.status === 'sent' ? 'green' : mail.status === 'failed' ? 'red' : 'amber';
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="outbox-mail" data-template={mail.template}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-slate-50" dir="auto" data-testid="outbox-subject">{mail.subject}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('admin.outbox.to')}: <bdi>{mail.to}</bdi> · <code dir="ltr" className="text-xs">{mail.template}</code> · <time dateTime={mail.created_at}>{formatDate(mail.created_at, locale, 'dateTime')}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={tone}>{t(`admin.outbox.statuses.${mail.status}`)}</Badge>
          <button type="button" className={secondaryButtonClass} aria-expanded={open} onClick={onToggle} data-testid="outbox-toggle">
            {open ? t('admin.outbox.hide') : t('admin.outbox.show')}
          </button>
        </div>
      </div>
      {open ? (
        <div className="mt-4 flex flex-col gap-4">
          <div>
            <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('admin.outbox.text')}</h3>
            <pre dir="auto" data-testid="outbox-text" className="mt-1 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100">
              {mail.text}
            </pre>
          </div>
          {mail.html ? (
            <div>
              <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('admin.outbox.html')}</h3>
              <MailFrame title={mail.subject} html={mail.html} />
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
