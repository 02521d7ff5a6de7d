import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchOutbox, type OutboxMail } from '../../api/admin';
import { ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { Badge } from '../../components/Status';
import { MailFrame } from '../../components/MailFrame';

const LIMIT = 100;
/** The recipient's address, typed (`?to=`). */
const FILTERS = { to: {} };

/**
 * The mail outbox (administrators; `GET dev/outbox.json`): the latest e-mails, newest first, each
 * readable here (its text; its HTML, when the API sends it, in a sandboxed frame that runs no
 * script), so an operator, and the browser tests, can follow a link in an e-mail.
 */
export function MailOutbox() {
  const { t } = useTranslation(NAMESPACE);
  const params = useListParams(FILTERS);
  const { to } = params.filters;
  const [open, setOpen] = useState<number | null>(null);
  // The latest mails, one page without a total.
  const list = useAsync(async (signal) => {
    const items = await fetchOutbox({ to, limit: LIMIT }, signal);
    return { items, total: items.length };
  }, [to]);
  return (
    <section data-testid="admin-outbox">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.outbox.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('admin.outbox.intro')}</p>
      <ListFilters
        key={params.key}
        drafts={params.drafts}
        texts={[{ name: 'to', label: t('admin.outbox.filterTo'), dir: 'ltr' }]}
        submitLabel={t('admin.outbox.apply')}
        onApply={params.apply}
        testId="outbox"
      />
      <div className="mt-6">
        <ListResults list={list} page={1} limit={LIMIT} empty={t('admin.outbox.empty')} testId="outbox-list" total={false}>
          {(items) =>
            items.map((mail) => (
              <MailItem key={mail.id} mail={mail} open={open === mail.id} onToggle={() => setOpen((current) => (current === mail.id ? null : mail.id))} />
            ))
          }
        </ListResults>
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
          {/* The recipient has no break in it: on a phone a long address wraps inside the item (the page scrolled sideways). */}
          <p className="mt-1 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
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
