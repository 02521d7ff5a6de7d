import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Carousel, fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import type { TeamMember } from '@scholars/shared-contracts/schemas';
import { EmptyState } from '@scholars/shared-contracts/ui';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';
import { TeamSocialLinks } from './TeamSocialLinks';
import { localizedField } from '@scholars/shared-contracts/locale';

/** 'University - Department' becomes two lines (spec 2). */
export function splitUniversity(value: string): [string, string | null] {
  const index = value.search(/\s[-–]\s/);
  if (index < 0) return [value.trim(), null];
  return [value.slice(0, index).trim(), value.slice(index + 3).trim() || null];
}

function TeamCard({ member }: { member: TeamMember }) {
  const { locale } = useLocale();
  const [institution, department] = splitUniversity(localizedField(member, 'university', locale));
  const name = localizedField(member, 'name', locale);
  return (
    <article data-testid="team-card" className="flex h-full flex-col items-center rounded-xl border border-slate-200 p-5 text-center dark:border-slate-800">
      <Link to={ROUTES.team(member.id)} className="flex flex-col items-center">
        {member.image ? <img src={fileUrl(member.image)} alt="" width={112} height={112} loading="lazy" className="size-28 rounded-full object-cover" /> : null}
        <h3 className="mt-3 font-semibold text-emerald-800 dark:text-emerald-300">{name}</h3>
      </Link>
      <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{localizedField(member, 'bio', locale)}</p>
      <p className="mt-3 text-sm font-medium">{institution}</p>
      {department ? <p className="text-sm text-slate-500 dark:text-slate-400">{department}</p> : null}
      <TeamSocialLinks member={member} name={name} />
    </article>
  );
}

/** Spec 2 and 9: loop, autoplay 4000 ms, arrows, dots; 1, 2 from 480 px, 3 from 768, 4 from 1024. */
export function TeamCarousel() {
  const { t } = useTranslation('shell');
  const team = usePublicData<TeamMember[]>(PUBLIC_READS.team);
  if (team.status === 'loading') return null;
  const members = team.status === 'ready' ? team.data : [];
  return (
    <section aria-labelledby="team-title" className="mx-auto max-w-7xl px-4 py-16" data-testid="home-team">
      <h2 id="team-title" className="mb-8 text-center text-2xl font-bold">{t('home.teamTitle')}</h2>
      {members.length ? (
        <Carousel
          testId="team-carousel"
          label={t('home.teamLabel')}
          autoplayMs={4000}
          spaceBetween={16}
          breakpoints={{ 480: { slidesPerView: 2, spaceBetween: 16 }, 768: { slidesPerView: 3, spaceBetween: 24 }, 1024: { slidesPerView: 4, spaceBetween: 32 }, 1280: { slidesPerView: 4, spaceBetween: 32 } }}
          slides={members.map((member) => ({ key: member.id, content: <TeamCard member={member} /> }))}
        />
      ) : (
        <EmptyState />
      )}
    </section>
  );
}
