import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntry } from '@scholars/shared-contracts/schemas';
import { useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { exportAuditLog, fetchAuditLog } from '../../api/admin';
import { ListFilters, ListResults, positive, useListParams } from '../../components/AdminList';
import { CsvExport } from '../../components/CsvExport';
import { StackedCell, linkClass, stackedRowClass } from '../../components/Status';

const LIMIT = 50;
/** Filters, each in the address by its name (the ids count only when they are whole numbers). */
const FILTERS = { actor_id: {}, target_type: {}, target_id: {}, action: {} };

/** The console page of a target, where it has one of its own. */
const TARGET_PAGES: Partial<Record<string, (id: number) => string>> = {
  user: ROUTES.adminUser,
  conference: ROUTES.adminConference,
  research: ROUTES.adminResearch,
  ebook: ROUTES.adminEbook,
};

/** What an entry recorded beside its reason (from and to, the fields changed, counts), as written. */
function EntryDetails({ details, label }: { details: AuditEntry['details']; label: string }) {
  const rows = Object.entries(details);
  if (rows.length === 0) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{label}</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt dir="ltr" className="text-slate-500 dark:text-slate-400"><code>{key}</code></dt>
            <dd dir="auto" className="wrap-anywhere">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The audit log (administrators): every operator action, newest first, filtered by actor, target and action; the filtered log downloads as CSV. */
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
  const actionName = (action: string) => t(`admin.audit.actions.${action}`, { defaultValue: action });
  const targetName = (type: string) => t(`admin.audit.targets.${type}`, { defaultValue: type });
  const byName = (a: readonly [string, string], b: readonly [string, string]) => a[1].localeCompare(b[1], locale);
  return (
    <section data-testid="admin-audit-log">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.audit.title')}</h1>
        <CsvExport
          fetchFile={() => exportAuditLog({ actor_id: actorId, target_type: targetType, target_id: targetId, action })}
          fileName="audit-log"
          label={t('admin.audit.export')}
          busyLabel={t('admin.audit.exporting')}
          failedText={t('admin.audit.exportFailed')}
          testId="audit-export"
        />
      </div>
      <ListFilters
        key={params.key}
        drafts={params.drafts}
        texts={(['actor_id', 'target_id'] as const).map((name) => ({ name, label: t(name === 'actor_id' ? 'admin.audit.actor' : 'admin.audit.targetId'), numeric: true, testId: `audit-filter-${name}` }))}
        selects={[
          { name: 'action', label: t('admin.audit.action'), options: [['', t('admin.audit.anyAction')], ...AUDIT_ACTIONS.map((action) => [action, actionName(action)] as const).sort(byName)], testId: 'audit-filter-action' },
          { name: 'target_type', label: t('admin.audit.targetType'), options: [['', t('admin.audit.anyTarget')], ...AUDIT_TARGET_TYPES.map((type) => [type, targetName(type)] as const).sort(byName)], testId: 'audit-filter-target_type' },
        ]}
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
                  {entry.actor.id ? (
                    <Link to={ROUTES.adminUser(entry.actor.id)} className={linkClass}><bdi>{entry.actor.label}</bdi></Link>
                  ) : (
                    // No account acted (the command line): the API's label is a key, named in the console's language.
                    <span data-testid="audit-actor">{t(`admin.audit.actors.${entry.actor.label}`, { defaultValue: entry.actor.label })}</span>
                  )}
                </StackedCell>
                <StackedCell label={t('admin.audit.what')}>
                  <span title={entry.action}>{actionName(entry.action)}</span>
                  <EntryDetails details={entry.details} label={t('admin.audit.details')} />
                </StackedCell>
                <StackedCell label={t('admin.audit.target')}>
                  {entry.target_id && TARGET_PAGES[entry.target_type] ? (
                    <Link to={TARGET_PAGES[entry.target_type]!(entry.target_id)} className={linkClass} data-testid="audit-target">{`${targetName(entry.target_type)} #${entry.target_id}`}</Link>
                  ) : (
                    <span data-testid="audit-target">{entry.target_id ? `${targetName(entry.target_type)} #${entry.target_id}` : targetName(entry.target_type)}</span>
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
