import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { ROLES } from '@scholars/shared-contracts/authorization';
import { useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchAdminUsers } from '../../api/admin';
import { LIST_LIMIT as LIMIT, ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { Badge, StackedCell, USER_STATE_TONES, linkClass, stackedRowClass } from '../../components/Status';

const USER_STATES = ['active', 'suspended', 'unverified', 'closed'] as const;
const FILTERS = { role: { values: ROLES }, state: { values: USER_STATES } } as const;

/** Users (administrators): search by name or e-mail, filter by role and state; every filter in the address. */
export function AdminUsers() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const { q, page } = params;
  const { role, state } = params.filters;
  const list = useAsync((signal) => fetchAdminUsers({ q: q || undefined, role, state, page, limit: LIMIT }, signal), [q, role, state, page]);

  return (
    <section data-testid="admin-users">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.users.title')}</h1>
      <ListFilters
        key={params.key}
        q={q}
        drafts={params.drafts}
        searchLabel={t('admin.users.search')}
        selects={[
          { name: 'role', label: t('admin.users.role'), options: [['', t('admin.users.any')], ...ROLES.map((value) => [value, t(`admin.roles.${value}`)] as const)] },
          { name: 'state', label: t('admin.users.state'), options: [['', t('admin.users.any')], ...USER_STATES.map((value) => [value, t(`admin.states.${value}`)] as const)] },
        ]}
        submitLabel={t('admin.users.apply')}
        onApply={params.apply}
        testId="admin-users"
      />
      <div className="mt-6">
        <ListResults
          list={list}
          page={page}
          empty={t('admin.users.empty')}
          testId="admin-users-table"
          total={(total) => t('admin.users.total', { total })}
          head={[t('admin.users.name'), t('admin.users.email'), t('admin.users.roles'), t('admin.users.state'), t('admin.users.joined'), '']}
        >
          {(items) =>
            items.map((user) => (
              <tr key={user.id} data-testid="admin-user-row" data-user-id={user.id} className={stackedRowClass}>
                <StackedCell label={t('admin.users.name')}>
                  <Link to={ROUTES.adminUser(user.id)} className={linkClass}><bdi>{user.name}</bdi></Link>
                </StackedCell>
                <StackedCell label={t('admin.users.email')}><bdi>{user.email}</bdi></StackedCell>
                <StackedCell label={t('admin.users.roles')}>
                  <span className="flex flex-wrap gap-1">
                    {user.roles.length === 0 ? <Badge tone="slate">{t('admin.roles.user')}</Badge> : user.roles.map((value) => <Badge key={value} tone="green">{t(`admin.roles.${value}`)}</Badge>)}
                  </span>
                </StackedCell>
                <StackedCell label={t('admin.users.state')}>
                  <Badge tone={USER_STATE_TONES[user.state]}>{t(`admin.states.${user.state}`)}</Badge>
                  {user.state === 'suspended' && user.suspended_until ? (
                    <span className="ms-2 text-xs text-slate-600 dark:text-slate-300">{t('admin.users.suspendedUntil', { date: formatDate(user.suspended_until, locale) })}</span>
                  ) : null}
                </StackedCell>
                <StackedCell label={t('admin.users.joined')}>{formatDate(user.created_at, locale)}</StackedCell>
                <StackedCell label={t('admin.users.open')}>
                  <Link to={ROUTES.adminUser(user.id)} className={linkClass} data-testid="admin-user-open">{t('admin.users.open')}</Link>
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}
