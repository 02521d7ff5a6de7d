import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { controlClass, Pagination, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchAuditLog } from '../../api/admin';
import { SectionState, StackedCell, StackedTable, linkClass, stackedRowClass } from '../../components/Status';

const LIMIT = 50;
const FILTERS = ['actor_id', 'target_type', 'target_id', 'action'] as const;
type Filter = (typeof FILTERS)[number];
const positive = (value: string | null) => {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The audit log (administrators): every operator action, newest first, filtered by actor, target and action. */
export function AuditLog() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const actorId = positive(params.get('actor_id'));
  const targetId = positive(params.get('target_id'));
  const targetType = params.get('target_type') || undefined;
  const action = params.get('action') || undefined;
  const page = positive(params.get('page')) ?? 1;
  const [draft, setDraft] = useState<Record<Filter, string>>(() => Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>);
  const list = useAsync(
    (signal) => fetchAuditLog({ actor_id: actorId, target_type: targetType, target_id: targetId, action, page, limit: LIMIT }, signal),
    [actorId, targetType, targetId, action, page],
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name].trim()) next.set(name, draft[name].trim());
    setParams(next);
  };
  const reset = () => {
    setDraft({ actor_id: '', target_type: '', target_id: '', action: '' });
    setParams(new URLSearchParams());
  };
  const labels: Record<Filter, string> = {
    actor_id: t('admin.audit.actor'),
    target_type: t('admin.audit.targetType'),
    target_id: t('admin.audit.targetId'),
    action: t('admin.audit.action'),
  };
  return (
    <section data-testid="admin-audit-log">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.audit.title')}</h1>
      <form role="search" onSubmit={apply} className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,1fr)_auto_auto] lg:items-end">
        {FILTERS.map((name) => (
          <label key={name} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
            {labels[name]}
            <input
              name={name}
              inputMode={name.endsWith('_id') ? 'numeric' : undefined}
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
              className={controlClass(false)}
              data-testid={`audit-filter-${name}`}
            />
          </label>
        ))}
        <button type="submit" className={primaryButtonClass} data-testid="audit-apply">{t('admin.audit.apply')}</button>
        <button type="button" onClick={reset} className={secondaryButtonClass}>{t('admin.audit.reset')}</button>
      </form>
      <div className="mt-6">
        {list.status === 'failed' ? (
          <SectionState state="failed" onRetry={list.reload} />
        ) : !list.data ? (
          <SectionState state="loading" />
        ) : list.data.items.length === 0 ? (
          <SectionState state="empty" empty={t('admin.audit.empty')} />
        ) : (
          <>
            <StackedTable testId="audit-table" head={[t('admin.audit.when'), t('admin.audit.who'), t('admin.audit.what'), t('admin.audit.target'), t('admin.audit.reason')]}>
              {list.data.items.map((entry) => (
                <tr key={entry.id} data-testid="audit-row" data-action={entry.action} className={stackedRowClass}>
                  <StackedCell label={t('admin.audit.when')}><time dateTime={entry.created_at}>{formatDate(entry.created_at, locale, 'dateTime')}</time></StackedCell>
                  <StackedCell label={t('admin.audit.who')}>
                    {entry.actor.id ? <Link to={ROUTES.adminUser(entry.actor.id)} className={linkClass}><bdi>{entry.actor.label}</bdi></Link> : <bdi>{entry.actor.label}</bdi>}
                  </StackedCell>
                  <StackedCell label={t('admin.audit.what')}><code className="text-xs" dir="ltr">{entry.action}</code></StackedCell>
                  <StackedCell label={t('admin.audit.target')}>
                    {entry.target_type === 'user' && entry.target_id ? (
                      <Link to={ROUTES.adminUser(entry.target_id)} className={linkClass}><bdi>{`${entry.target_type} #${entry.target_id}`}</bdi></Link>
                    ) : (
                      <bdi>{entry.target_id ? `${entry.target_type} #${entry.target_id}` : entry.target_type}</bdi>
                    )}
                  </StackedCell>
                  <StackedCell label={t('admin.audit.reason')}><span dir="auto" className="whitespace-pre-line">{entry.reason ?? '—'}</span></StackedCell>
                </tr>
              ))}
            </StackedTable>
            <Pagination page={page} pages={Math.max(1, Math.ceil(list.data.total / LIMIT))} />
          </>
        )}
      </div>
    </section>
  );
}
