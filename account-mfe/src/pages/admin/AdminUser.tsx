import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { STAFF_ROLES, type StaffRole } from '@scholars/shared-contracts/authorization';
import type { AdminSubscription, AdminUserDetails, EndSubscriptionBody } from '@scholars/shared-contracts/schemas';
import { controlClass, primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { LOCALES, countryName, formatAmount, formatDate, formatNumber, isolate, pickLocalized } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { changeRole, endSubscription, fetchAdminUser, liftSuspension, setSupervisor, suspendUser } from '../../api/admin';
import { errorText } from '../../lib/errors';
import { ConfirmDialog } from '@scholars/shared-contracts/ui/dialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge, SectionState, StackedCell, StackedTable, USER_STATE_TONES, linkClass, stackedRowClass } from '../../components/Status';

/** Spec 6: "suspend repeat offenders": this many removals in 90 days mark one. */
export const REPEAT_OFFENDER_REMOVALS = 3;

/** Suspension's own button: filled red, the console's one destructive primary action. */
const suspendButtonClass = 'inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
const cardClass = 'rounded-xl border border-slate-200 p-5 dark:border-slate-800';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-100';

type Pending = { title: string; body: string; confirm: string; run: () => Promise<unknown> };

/**
 * A user (administrators): profile, roles (grant, revoke with a reason), supervisor link, students,
 * submissions, subscriptions (a live one ended now, its last payment perhaps given back), removals (repeat offenders highlighted), suspensions with Suspend and
 * Lift. Destructive actions are confirmed; the server's message is shown (toast and, on refusal, here).
 */
export function AdminUser() {
  const { id = '' } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const user = useAsync((signal) => fetchAdminUser(id, signal), [id]);
  return (
    <section data-testid="admin-user">
      <Link to={ROUTES.adminUsers} className={linkClass}>
        <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span> {t('admin.user.back')}
      </Link>
      <div className="mt-4">
        {user.status === 'failed' ? (
          <SectionState state="failed" onRetry={user.reload} />
        ) : user.data === undefined ? (
          <SectionState state="loading" />
        ) : user.data === null ? (
          <p role="alert" data-testid="admin-user-missing" className="text-slate-700 dark:text-slate-200">{t('admin.user.notFound')}</p>
        ) : (
          <UserDetails user={user.data} reload={user.reload} />
        )}
      </div>
    </section>
  );
}

function UserDetails({ user, reload }: { user: AdminUserDetails; reload: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [pending, setPending] = useState<Pending | null>(null);
  const [ending, setEnding] = useState<AdminSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs a call (after its confirmation, if any), shows a refusal's message, reloads on success. */
  const run = async (call: () => Promise<unknown>) => {
    setPending(null);
    setBusy(true);
    setError(null);
    try {
      await call();
      reload();
      return true;
    } catch (failure) {
      setError(errorText(failure, t('common:messages.genericError')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const recent = user.removals.last_90_days;
  const offender = recent >= REPEAT_OFFENDER_REMOVALS;
  const active = user.suspensions.find((item) => !item.lifted_at && (!item.ends_at || new Date(item.ends_at).getTime() > Date.now()));
  // A closed account is a record: the API refuses every change to it (409 accountIsClosed), so none is offered.
  const closed = user.state === 'closed';

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="admin-user-name"><bdi>{user.name}</bdi></h1>
        <Badge tone={USER_STATE_TONES[user.state]} testId="admin-user-state">{t(`admin.states.${user.state}`)}</Badge>
      </header>
      {user.state === 'closed' ? (
        <p role="note" data-testid="admin-user-closed" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">{t('admin.user.closedNote')}</p>
      ) : null}
      {error ? <p role="alert" data-testid="admin-user-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">{error}</p> : null}

      <Card title={t('admin.user.profile')}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <Row label={t('admin.users.email')}><bdi>{user.email}</bdi></Row>
          <Row label={t('admin.user.verified')}>{user.email_verified_at ? formatDate(user.email_verified_at, locale) : t('admin.user.notVerified')}</Row>
          <Row label={t('admin.user.phone')}>{user.phone ? <bdi>{user.phone}</bdi> : t('admin.user.none')}</Row>
          <Row label={t('admin.user.country')}>{countryName(user.country, locale) || t('admin.user.none')}</Row>
          <Row label={t('admin.user.language')}>{LOCALES[user.locale].nativeName}</Row>
          <Row label={t('admin.users.joined')}>{formatDate(user.created_at, locale)}</Row>
        </dl>
      </Card>

      <Card title={t('admin.user.rolesTitle')} testId="admin-user-roles">
        <RolesEditor user={user} busy={busy} closed={closed} onGrant={(role, reason) => run(() => changeRole(user.id, { action: 'grant', role, reason }))} onRevoke={(role, reason) =>
          setPending({
            title: t('admin.user.confirmRevokeTitle', { role: t(`admin.roles.${role}`) }),
            body: t('admin.user.confirmRevokeBody', { name: user.name }),
            confirm: t('admin.user.revoke'),
            run: () => changeRole(user.id, { action: 'revoke', role, reason }),
          })
        } />
      </Card>

      <Card title={t('admin.user.supervisorTitle')} testId="admin-user-supervisor">
        <SupervisorEditor user={user} busy={busy} closed={closed} onLink={(email) => run(() => setSupervisor(user.id, { email }))} onUnlink={() =>
          setPending({
            title: t('admin.user.confirmUnlinkTitle'),
            body: t('admin.user.confirmUnlinkBody', { name: user.supervisor?.name ?? '' }),
            confirm: t('admin.user.unlink'),
            run: () => setSupervisor(user.id, { email: null }),
          })
        } />
        <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-50">{t('admin.user.studentsTitle')}</h3>
        {user.students.length === 0 ? (
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('admin.user.noStudents')}</p>
        ) : (
          <ul className="mt-1 list-disc ps-5">
            {user.students.map((student) => (
              <li key={student.id} className="wrap-anywhere"><Link to={ROUTES.adminUser(student.id)} className={linkClass}><bdi>{student.name}</bdi></Link> (<bdi>{student.email}</bdi>)</li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t('admin.user.submissionsTitle')}>
        {user.submissions.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t('admin.user.noSubmissions')}</p>
        ) : (
          <StackedTable head={[t('admin.user.title'), t('admin.user.status'), t('admin.user.date')]}>
            {user.submissions.map((item) => (
              <tr key={item.id} className={stackedRowClass}>
                <StackedCell label={t('admin.user.title')}><Link to={ROUTES.adminResearch(item.id)} className={linkClass}>{pickLocalized(locale, item.title, item.title_en)}</Link></StackedCell>
                <StackedCell label={t('admin.user.status')}>{t(`research.statuses.${item.status}`, { defaultValue: item.status })}</StackedCell>
                <StackedCell label={t('admin.user.date')}>{formatDate(item.created_at, locale)}</StackedCell>
              </tr>
            ))}
          </StackedTable>
        )}
      </Card>

      <Card title={t('admin.user.subscriptionsTitle')} testId="admin-user-subscriptions">
        <SubscriptionsTable user={user} busy={busy} onEnd={setEnding} />
      </Card>

      <Card title={t('admin.user.removalsTitle')} testId="admin-user-removals">
        <p className="text-slate-800 dark:text-slate-100">
          {t('admin.user.removals', { total: formatNumber(user.removals.total, locale), recent: formatNumber(recent, locale) })}
        </p>
        {offender ? (
          <p role="note" data-testid="repeat-offender" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <span aria-hidden="true">⚠ </span>{t('admin.user.repeatOffender')}
          </p>
        ) : null}
      </Card>

      <Card title={t('admin.user.suspensionsTitle')} testId="admin-user-suspensions">
        <SuspensionHistory user={user} />
        {closed ? null : <div className="mt-5">
          {active ? (
            <LiftForm busy={busy} onLift={(reason) =>
              setPending({
                title: t('admin.user.confirmLiftTitle', { name: user.name }),
                body: t('admin.user.confirmLiftBody'),
                confirm: t('admin.user.lift'),
                run: () => liftSuspension(user.id, reason),
              })
            } />
          ) : (
            <SuspendForm busy={busy} onSuspend={(reason, endsAt) =>
              setPending({
                title: t('admin.user.confirmSuspendTitle', { name: user.name }),
                body: t('admin.user.confirmSuspendBody'),
                confirm: t('admin.user.suspend'),
                run: () => suspendUser(user.id, { reason, ends_at: endsAt }),
              })
            } />
          )}
        </div>}
      </Card>

      {ending ? (
        <EndSubscriptionDialog
          user={user}
          subscription={ending}
          onConfirm={(body) => {
            setEnding(null);
            void run(() => endSubscription(ending.id, body));
          }}
          onCancel={() => setEnding(null)}
        />
      ) : null}

      {pending ? (
        <ConfirmDialog
          title={pending.title}
          body={pending.body}
          confirmLabel={pending.confirm}
          cancelLabel={t('admin.user.cancel')}
          onConfirm={() => void run(pending.run)}
          onCancel={() => setPending(null)}
          testId="admin-confirm"
        />
      ) : null}
    </div>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={cardClass} data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
      {/* An address has no break in it: on a phone a long one wraps inside the card (the page scrolled sideways). */}
      <dd className="wrap-anywhere text-slate-900 dark:text-slate-50">{children}</dd>
    </>
  );
}

function RolesEditor({ user, busy, closed, onGrant, onRevoke }: { user: AdminUserDetails; busy: boolean; closed: boolean; onGrant: (role: StaffRole, reason: string | null) => Promise<boolean>; onRevoke: (role: StaffRole, reason: string | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const grantable = STAFF_ROLES.filter((role) => !user.roles.includes(role));
  const [role, setRole] = useState<StaffRole | ''>('');
  const [reason, setReason] = useState('');
  const chosen = role && grantable.includes(role) ? role : grantable[0];
  const grant = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen && (await onGrant(chosen, reason.trim() || null))) setReason('');
  };
  return (
    <div className="flex flex-col gap-4">
      {user.roles.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t('admin.user.noRoles')}</p>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {user.roles.map((held) => (
            <li key={held} className="flex items-center gap-2 rounded-full border border-slate-200 py-1 ps-3 pe-1 dark:border-slate-700" data-testid={`admin-role-${held}`}>
              <span className="font-medium text-slate-900 dark:text-slate-50">{t(`admin.roles.${held}`)}</span>
              <button type="button" disabled={busy} onClick={() => onRevoke(held, reason.trim() || null)} className="rounded-full px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950" data-testid={`admin-revoke-${held}`}>
                {t('admin.user.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {closed ? null : <form onSubmit={(event) => void grant(event)} className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        {grantable.length > 0 ? (
          <label className={labelClass}>
            {t('admin.user.roleToGrant')}
            <select value={chosen} onChange={(event) => setRole(event.target.value as StaffRole)} className={controlClass(false)} data-testid="admin-grant-role">
              {grantable.map((value) => <option key={value} value={value}>{t(`admin.roles.${value}`)}</option>)}
            </select>
          </label>
        ) : null}
        <label className={labelClass}>
          {t('admin.user.reasonOptional')}
          <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={2000} className={controlClass(false)} data-testid="admin-role-reason" />
        </label>
        {grantable.length > 0 ? <button type="submit" disabled={busy} className={primaryButtonClass} data-testid="admin-grant">{t('admin.user.grant')}</button> : null}
      </form>}
    </div>
  );
}

function SupervisorEditor({ user, busy, closed, onLink, onUnlink }: { user: AdminUserDetails; busy: boolean; closed: boolean; onLink: (email: string) => Promise<boolean>; onUnlink: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [email, setEmail] = useState('');
  const link = async (event: FormEvent) => {
    event.preventDefault();
    if (await onLink(email.trim())) setEmail('');
  };
  return (
    <div className="flex flex-col gap-3">
      {user.supervisor ? (
        <div className="flex flex-wrap items-center gap-3" data-testid="admin-supervisor-linked">
          <Link to={ROUTES.adminUser(user.supervisor.id)} className={linkClass}><bdi>{user.supervisor.name}</bdi></Link>
          <span className="wrap-anywhere text-slate-600 dark:text-slate-300">(<bdi>{user.supervisor.email}</bdi>)</span>
          <button type="button" disabled={busy} onClick={onUnlink} className={secondaryButtonClass} data-testid="admin-unlink">{t('admin.user.unlink')}</button>
        </div>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">{t('admin.user.noSupervisor')}</p>
      )}
      {closed ? null : <form onSubmit={(event) => void link(event)} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <label className={labelClass}>
          {t('admin.user.supervisorEmail')}
          <input type="email" dir="ltr" required value={email} onChange={(event) => setEmail(event.target.value)} className={controlClass(false)} data-testid="admin-supervisor-email" />
        </label>
        <button type="submit" disabled={busy || !email.trim()} className={primaryButtonClass} data-testid="admin-link">{t('admin.user.link')}</button>
      </form>}
    </div>
  );
}

function SuspensionHistory({ user }: { user: AdminUserDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (user.suspensions.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t('admin.user.noSuspensions')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {user.suspensions.map((item) => (
        <li key={item.id} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900" data-testid="admin-suspension">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('admin.user.suspendedSince', { date: formatDate(item.created_at, locale, 'dateTime'), by: item.created_by ?? t('admin.user.system') })}
            {' · '}
            {item.ends_at ? t('admin.user.until', { date: formatDate(item.ends_at, locale, 'dateTime') }) : t('admin.user.untilLifted')}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-900 dark:text-slate-50" dir="auto">{item.reason}</p>
          {item.lifted_at ? (
            <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
              {t('admin.user.liftedOn', { date: formatDate(item.lifted_at, locale, 'dateTime'), by: item.lifted_by ?? t('admin.user.system') })}
              {item.lift_reason ? <span dir="auto">: {item.lift_reason}</span> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function SuspendForm({ busy, onSuspend }: { busy: boolean; onSuspend: (reason: string, endsAt: string | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('admin.user.reasonRequired'));
    setError(null);
    // The date input is a local calendar day: the suspension ends at the end of that day, here.
    const endsAt = until ? new Date(`${until}T23:59:59`).toISOString() : null;
    onSuspend(reason.trim(), endsAt);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="admin-suspend-form">
      <label className={labelClass}>
        {t('admin.user.suspendReason')}
        <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={2000} aria-invalid={error !== null} aria-describedby={error ? 'suspend-reason-error' : undefined} className={controlClass(error !== null)} data-testid="admin-suspend-reason" />
      </label>
      {error ? <p id="suspend-reason-error" role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      <label className={labelClass}>
        {t('admin.user.suspendUntil')}
        <input type="date" value={until} onChange={(event) => setUntil(event.target.value)} className={controlClass(false)} data-testid="admin-suspend-until" />
      </label>
      <div><button type="submit" disabled={busy} className={suspendButtonClass} data-testid="admin-suspend">{t('admin.user.suspend')}</button></div>
    </form>
  );
}

function LiftForm({ busy, onLift }: { busy: boolean; onLift: (reason: string | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [reason, setReason] = useState('');
  return (
    <form onSubmit={(event) => { event.preventDefault(); onLift(reason.trim() || null); }} className="flex flex-col gap-3" data-testid="admin-lift-form">
      <label className={labelClass}>
        {t('admin.user.liftReason')}
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={2000} className={controlClass(false)} data-testid="admin-lift-reason" />
      </label>
      <div><button type="submit" disabled={busy} className={primaryButtonClass} data-testid="admin-lift">{t('admin.user.lift')}</button></div>
    </form>
  );
}

/** The user's subscriptions: plan, state (and when one ended), period, last payment; a live one can be ended. */
function SubscriptionsTable({ user, busy, onEnd }: { user: AdminUserDetails; busy: boolean; onEnd: (subscription: AdminSubscription) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (user.subscriptions.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t('admin.user.noSubscriptions')}</p>;
  return (
    <StackedTable head={[t('admin.user.plan'), t('admin.user.status'), t('admin.user.period'), t('admin.user.lastPayment'), t('admin.user.actions')]}>
      {user.subscriptions.map((item) => {
        const payment = item.last_payment;
        return (
          <tr key={item.id} className={stackedRowClass} data-testid="admin-subscription" data-status={item.status}>
            <StackedCell label={t('admin.user.plan')}>{pickLocalized(locale, item.plan, item.plan_en)}</StackedCell>
            <StackedCell label={t('admin.user.status')}>
              {t(`subscriptions.statuses.${item.status}`, { defaultValue: item.status })}
              {item.ended_at ? <span className="block text-sm text-slate-600 dark:text-slate-300">{t('admin.user.endedOn', { date: formatDate(item.ended_at, locale) })}</span> : null}
            </StackedCell>
            <StackedCell label={t('admin.user.period')}>{[formatDate(item.starts_at, locale), formatDate(item.ends_at, locale)].filter(Boolean).join(' – ')}</StackedCell>
            <StackedCell label={t('admin.user.lastPayment')} testId="admin-subscription-payment">
              {payment ? (
                <>
                  {/* The sentence takes the console's direction; the invoice number alone is isolated (a <bdi> around it all made an Arabic line left to right). */}
                  <span data-testid="admin-subscription-payment-line">{t('admin.user.paymentLine', { invoice: isolate(payment.display_number), amount: formatAmount(payment.amount) })}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {payment.status === 'refunded' && payment.refunded_at ? t('admin.user.refundedOn', { date: formatDate(payment.refunded_at, locale) }) : t(`billing.statuses.${payment.status}`)}
                  </span>
                </>
              ) : (
                t('admin.user.noPayment')
              )}
            </StackedCell>
            <StackedCell label={t('admin.user.actions')}>
              {item.live ? (
                <button type="button" disabled={busy} onClick={() => onEnd(item)} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:ring-red-800 dark:hover:bg-red-950" data-testid="admin-end-subscription">
                  {t('admin.user.endSubscription')}
                </button>
              ) : null}
            </StackedCell>
          </tr>
        );
      })}
    </StackedTable>
  );
}

/** Ending a subscription, confirmed with its reason (required) and whether its last payment goes back. */
function EndSubscriptionDialog({ user, subscription, onConfirm, onCancel }: { user: AdminUserDetails; subscription: AdminSubscription; onConfirm: (body: EndSubscriptionBody) => void; onCancel: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [refund, setRefund] = useState(false);
  const payment = subscription.last_payment?.status === 'paid' ? subscription.last_payment : null;
  return (
    <ReasonDialog
      request={{
        title: t('admin.user.endTitle', { plan: isolate(pickLocalized(locale, subscription.plan, subscription.plan_en)), name: isolate(user.name) }),
        body: t('admin.user.endBody'),
        confirmLabel: t('admin.user.endSubscription'),
        reason: 'required',
        danger: true,
        extra: payment ? (
          <label className="flex items-start gap-2 text-slate-800 dark:text-slate-100">
            <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} className="mt-1 size-4" data-testid="admin-end-refund" />
            <span>{t('admin.user.refundLast', { amount: formatAmount(payment.amount), invoice: payment.display_number })}</span>
          </label>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.user.noRefundable')}</p>
        ),
        run: (reason) => onConfirm({ reason: reason ?? '', refund: payment !== null && refund }),
      }}
      onCancel={onCancel}
    />
  );
}
