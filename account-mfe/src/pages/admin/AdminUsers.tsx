import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { ROLES } from '@scholars/shared-contracts/authorization';
import { controlClass, primaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchAdminUsers } from '../../api/admin';
import { LIST_LIMIT as LIMIT, ListResults } from '../../components/AdminList';
import { Badge, StackedCell, linkClass, stackedRowClass } from '../../components/Status';

const USER_STATES = ['active', 'suspended', 'unverified'] as const;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/** Users (administrators): search by name or e-mail, filter by role and state; every filter in the address. */
export function AdminUsers() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = pick(params.get('role'), ROLES);
  const state = pick(params.get('state'), USER_STATES);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState({ q, role: role ?? '', state: state ?? '' });
  const list = useAsync((signal) => fetchAdminUsers({ q: q || undefined, role, state, page, limit: LIMIT }, signal), [q, role, state, page]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.role) next.set('role', draft.role);
    if (draft.state) next.set('state', draft.state);
    setParams(next);
  };

  return (
    <section data-testid="admin-users">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('admin.users.title')}</h1>
      <form role="search" onSubmit={apply} className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.users.search')}
          <input type="search" name="q" value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} className={controlClass(false)} data-testid="admin-users-q" />
        </label>
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.users.role')}
          <select name="role" value={draft.role} onChange={(event) => setDraft({ ...draft, role: event.target.value })} className={controlClass(false)} data-testid="admin-users-role">
            <option value="">{t('admin.users.any')}</option>
            {ROLES.map((value) => <option key={value} value={value}>{t(`admin.roles.${value}`)}</option>)}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('admin.users.state')}
          <select name="state" value={draft.state} onChange={(event) => setDraft({ ...draft, state: event.target.value })} className={controlClass(false)} data-testid="admin-users-state">
            <option value="">{t('admin.users.any')}</option>
            {USER_STATES.map((value) => <option key={value} value={value}>{t(`admin.states.${value}`)}</option>)}
          </select>
        </label>
        <button type="submit" className={primaryButtonClass} data-testid="admin-users-apply">{t('admin.users.apply')}</button>
      </form>
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
                  <Badge tone={user.state === 'suspended' ? 'red' : user.state === 'unverified' ? 'amber' : 'green'}>{t(`admin.states.${user.state}`)}</Badge>
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
