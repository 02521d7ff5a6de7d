import { useSearchParams, Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale, usePageTitle } from '@scholars/shared-contracts';
import type { Profile as ProfileData } from '@scholars/shared-contracts/schemas';
import { useAsync, Tabs, type TabDefinition } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchProfile } from '../api/profile';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { Avatar } from '../components/Avatar';
import { SectionState, linkClass } from '../components/Status';
import { EditProfileTab } from './profile/EditProfileTab';
import { ResearchTab } from './profile/ResearchTab';
import { InvoicesTab } from './profile/InvoicesTab';
import { lazyPage } from '../lib/lazy-page';

// Tabs with actions of their own come when opened (the remote's pages module stays within its budget):
// the consultations tab (issue 23) with its texts, the conference tabs and the subscriptions tab.
const ConsultationsTab = lazyPage(() => import('./profile/ConsultationsTab').then((module) => module.ConsultationsTab));
const ConferenceRequestsTab = lazyPage(() => import('./profile/ConferenceTabs').then((module) => module.ConferenceRequestsTab));
const RegistrationsTab = lazyPage(() => import('./profile/ConferenceTabs').then((module) => module.RegistrationsTab));
const SubscriptionsTab = lazyPage(() => import('./profile/SubscriptionsTab').then((module) => module.SubscriptionsTab));

export const PROFILE_TABS = ['edit', 'research', 'requests', 'registrations', 'subscriptions', 'billing', 'consultations'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
const isTab = (value: string | null): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);

/**
 * /profile (signed in; the shell's guard): a header with the picture and name, then the tabs of
 * spec 2 (edit profile, research submissions, conference requests, conference registrations,
 * subscriptions, billing). The open tab is in the address (`?tab=billing`) so it can be linked.
 */
export function Profile() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = isTab(params.get('tab')) ? (params.get('tab') as ProfileTab) : 'edit';
  const profile = useAsync((signal) => fetchProfile(signal), []);
  usePageTitle(t('profile.title'));

  const select = (next: ProfileTab) => {
    const copy = new URLSearchParams(params);
    if (next === 'edit') copy.delete('tab');
    else copy.set('tab', next);
    setParams(copy, { replace: true, preventScrollReset: true });
  };

  if (!profile.data) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-12" data-testid="account-profile">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('profile.title')}</h1>
        <div className="mt-8">
          {profile.status === 'failed' ? <SectionState state="failed" onRetry={profile.reload} /> : <SectionState state="loading" />}
        </div>
      </section>
    );
  }
  const data = profile.data;
  const tabs: Array<TabDefinition<ProfileTab>> = [
    { key: 'edit', label: t('profile.tabs.edit'), content: () => <EditProfileTab profile={data} onSaved={profile.reload} /> },
    { key: 'research', label: t('profile.tabs.research'), content: () => <ResearchTab /> },
    { key: 'requests', label: t('profile.tabs.requests'), content: () => <ConferenceRequestsTab /> },
    { key: 'registrations', label: t('profile.tabs.registrations'), content: () => <RegistrationsTab /> },
    { key: 'subscriptions', label: t('profile.tabs.subscriptions'), content: () => <SubscriptionsTab /> },
    { key: 'billing', label: t('profile.tabs.billing'), content: () => <InvoicesTab /> },
    { key: 'consultations', label: t('profile.tabs.consultations'), content: () => <ConsultationsTab /> },
  ];
  return (
    <section className="mx-auto max-w-5xl px-4 py-12" data-testid="account-profile">
      <ProfileHeader profile={data} locale={locale} />
      <div className="mt-8">
        <Tabs tabs={tabs} active={tab} onChange={select} label={t('profile.tabsLabel')} panelTestIdPrefix="account-tab-" />
      </div>
    </section>
  );
}

function ProfileHeader({ profile, locale }: { profile: ProfileData; locale: Locale }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <header className="flex flex-wrap items-center gap-5">
      <Avatar path={profile.avatar} name={profile.name} size="lg" alt={t('edit.avatarAlt', { name: profile.name })} />
      {/* Its own basis: on a phone the public-profile link wraps below, not the name and address beside it. */}
      <div className="min-w-0 flex-1 basis-56">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="profile-name">{profile.name}</h1>
        {/* A long address wraps instead of widening the page on a phone. */}
        <p className="mt-1 break-all text-slate-600 dark:text-slate-300">
          <bdi>{profile.email}</bdi>
        </p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('profile.memberSince', { date: formatDate(profile.created_at, locale) })}</p>
      </div>
      <Link to={ROUTES.userProfile(profile.id)} className={linkClass} data-testid="public-profile-link">{t('profile.publicLink')}</Link>
    </header>
  );
}
