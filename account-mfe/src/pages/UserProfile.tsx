import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { preloadedData, ROUTES, selectUser, useLocale, usePageTitle, useSession } from '@scholars/shared-contracts';
import type { PublicProfile } from '@scholars/shared-contracts/schemas';
import { useAsync, useHydrated } from '@scholars/shared-contracts/ui';
import { sendReport } from '../api/reports';

// The report button comes with its dialog only when a signed-in member views someone else's profile.
const ReportButton = lazy(() => import('@scholars/shared-contracts/ui/report').then((module) => ({ default: module.ReportButton })));
import { Text } from '@scholars/shared-contracts/ui/text';
import { NAMESPACE } from '../i18n';
import { fetchPublicProfile } from '../api/users';
import { preloadKeys } from '../lib/preload-keys';
import { countryName, pickLocalized, formatDate } from '@scholars/shared-contracts/locale';
import { Avatar } from '../components/Avatar';
import { SectionState, linkClass } from '../components/Status';

/**
 * /user-profile/{id} (public): about, country, gender and published research; e-mail and phone
 * only when the member allowed it (the API leaves them out otherwise). A closed account shows only
 * its neutral name (decisions.md "Closing an account"). Rendered on the server too.
 */
export function UserProfile() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const { id = '' } = useParams();
  // Who views it is the browser's to know: the report button shows once hydrated (the server renders for a visitor).
  const viewer = useSession(selectUser);
  const hydrated = useHydrated();
  // Rendered on the server (exposes/server.tsx): the first render uses the data the page was served with.
  const profile = useAsync((signal) => fetchPublicProfile(id, signal), [id], { initial: preloadedData<PublicProfile | null>(preloadKeys.publicProfile(id)) });
  // The member's name (as the server titles the served page, exposes/server.tsx), or "not found".
  usePageTitle(profile.data ? profile.data.name : profile.data === null ? t('publicProfile.notFound') : undefined);

  if (profile.status === 'failed') {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="account-publicProfile">
        <SectionState state="failed" onRetry={profile.reload} />
      </section>
    );
  }
  if (profile.data === undefined) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="account-publicProfile">
        <SectionState state="loading" />
      </section>
    );
  }
  if (profile.data === null) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="account-publicProfile">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('publicProfile.title')}</h1>
        <p role="status" data-testid="public-profile-missing" className="mt-4 text-slate-600 dark:text-slate-300">{t('publicProfile.notFound')}</p>
      </section>
    );
  }
  const user = profile.data;
  if (user.closed) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="account-publicProfile">
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{t('publicProfile.title')}</p>
        <Text as="h1" value={user.name} className="text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="public-name" />
        <p role="status" data-testid="public-profile-closed" className="mt-4 text-slate-600 dark:text-slate-300">{t('publicProfile.closed')}</p>
      </section>
    );
  }
  const notSet = t('publicProfile.notSet');
  return (
    <section className="mx-auto max-w-4xl px-4 py-12" data-testid="account-publicProfile">
      <header className="flex flex-wrap items-center gap-5">
        <Avatar path={user.avatar} name={user.name} size="lg" alt={t('edit.avatarAlt', { name: user.name })} />
        <div>
          <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{t('publicProfile.title')}</p>
          <Text as="h1" value={user.name} className="text-3xl font-bold text-slate-900 dark:text-slate-50" data-testid="public-name" />
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('publicProfile.memberSince', { date: formatDate(user.member_since, locale) })}</p>
          {hydrated && viewer && Number(viewer.id) !== user.id ? (
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              <Suspense fallback={null}>
                <ReportButton target={{ item_type: 'profile', item_id: user.id }} send={sendReport} />
              </Suspense>
            </p>
          ) : null}
        </div>
      </header>

      <div className="mt-10 grid gap-8 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby="about-title">
          <h2 id="about-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('publicProfile.about')}</h2>
          <Text as="p" value={user.bio || t('publicProfile.noAbout')} className="mt-3 whitespace-pre-line text-slate-700 dark:text-slate-200" data-testid="public-about" />
        </section>
        <div className="space-y-3 rounded-2xl border border-slate-200 p-5 text-sm dark:border-slate-800" data-testid="public-details">
          <dl className="space-y-3">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t('publicProfile.country')}</dt>
              <Text as="dd" value={countryName(user.country, locale) || notSet} className="font-medium text-slate-900 dark:text-slate-100" data-testid="public-country" />
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t('publicProfile.gender')}</dt>
              <dd className="font-medium text-slate-900 dark:text-slate-100" data-testid="public-gender">{user.gender ? t(`edit.${user.gender}`) : notSet}</dd>
            </div>
          </dl>
          {user.email || user.phone ? (
            <dl className="space-y-3">
              {user.email ? (
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('publicProfile.email')}</dt>
                  {/* An address has no break in it: on a phone a long one wraps in its column (the page scrolled sideways). */}
                  <dd className="font-medium wrap-anywhere" data-testid="public-email"><a href={`mailto:${user.email}`} className={linkClass}><bdi>{user.email}</bdi></a></dd>
                </div>
              ) : null}
              {user.phone ? (
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('publicProfile.phone')}</dt>
                  <dd className="font-medium" data-testid="public-phone"><a href={`tel:${user.phone}`} className={linkClass} dir="ltr">{user.phone}</a></dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-slate-500 dark:text-slate-400" data-testid="public-contact-hidden">{t('publicProfile.hiddenContact')}</p>
          )}
        </div>
      </div>

      <section aria-labelledby="research-title" className="mt-12">
        <h2 id="research-title" className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('publicProfile.research')}</h2>
        {user.research.length === 0 ? (
          <div className="mt-4"><SectionState state="empty" empty={t('publicProfile.noResearch')} /></div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="public-research">
            {user.research.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <Text as={Link} to={ROUTES.community(item.id)} className={linkClass} value={pickLocalized(locale, item.title, item.title_en)} />
                <span className="text-sm text-slate-500 dark:text-slate-400">{formatDate(item.published_at, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
