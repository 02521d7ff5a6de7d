import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchAuditLog } from '../../api/admin';
import { ListFilters, ListResults, positive, useListParams } from '../../components/AdminList';
import { StackedCell, linkClass, stackedRowClass } from '../../components/Status';

const LIMIT = 50;
/** Typed filters, each in the address by its name (the ids count only when they are whole numbers). */
const FILTERS = { actor_id: {}, target_type: {}, target_id: {}, action: {} };
type Filter = keyof typeof FILTERS;

/** The audit log (administrators): every operator action, newest first, filtered by actor, target and action. */
export function AuditLog() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const { action, target_type: targetType } = params.filters;
  const actorId = positive(params.filters.actor_id) ?? undefined;
  const targetId = positive(params.filters.target_id) ?? undefined;
  const list = useAsync(
    (signal) => fetchAuditLog({ actor_id: actorId, target_type: targetType, target_id: targetId, action, page: params.page, limit: LIMIT }, signal),
    [actorId, targetType, targetId, action, params.page],
  );
  const labels: Record<Filter, string> = {
    actor_id: t('admin.audit.actor'),
    target_type: t('admin.audit.targetType'),
    target_id: t('admin.audit.targetId'),
    action: t('admin.audit.action'),
  };
  return (
    <section data-testid="admin-audit-log">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.audit.title')}</h1>
      <ListFilters
        key={params.key}
        drafts={params.drafts}
        texts={(Object.keys(FILTERS) as Filter[]).map((name) => ({ name, label: labels[name], numeric: name.endsWith('_id'), testId: `audit-filter-${name}` }))}
        submitLabel={t('admin.audit.apply')}
        resetLabel={t('admin.audit.reset')}
        onApply={params.apply}
        testId="audit"
      />
      <div className="mt-6">
        <ListResults
          list={list}
          page={params.page}
          limit={LIMIT}
          empty={t('admin.audit.empty')}
          testId="audit-table"
          total={false}
          head={[t('admin.audit.when'), t('admin.audit.who'), t('admin.audit.what'), t('admin.audit.target'), t('admin.audit.reason')]}
        >
          {(items) =>
            items.map((entry) => (
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
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}
