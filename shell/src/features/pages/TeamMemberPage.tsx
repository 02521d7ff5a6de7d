import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fileUrl, ROUTES, useLocale } from '@scholars/shared-contracts';
import type { TeamMember } from '@scholars/shared-contracts/schemas';
import { usePublicData } from '../../lib/use-public-data';
import { splitUniversity } from '../home/TeamCarousel';
import { TeamSocialLinks } from '../home/TeamSocialLinks';
import { NotFound } from './NotFound';
import { RemoteFailure } from '../../app/remote/RemoteFailure';
import { localizedField } from '@scholars/shared-contracts/locale';

/** /team/{id} (decisions.md): photo, name, bio, university, links; bilingual. Not found only when the API says so; else a retry. */
export function TeamMemberPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('content');
  const { locale } = useLocale();
  const member = usePublicData<TeamMember>({ path: `team/${encodeURIComponent(id)}` });
  if (member.status === 'loading') return <div className="min-h-[50vh]" aria-busy="true" />;
  if (member.status === 'failed') return member.missing ? <NotFound /> : <RemoteFailure remote="team" onRetry={member.retry} />;
  const data = member.data;
  const [institution, department] = splitUniversity(localizedField(data, 'university', locale));
  const name = localizedField(data, 'name', locale);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" data-testid="shell-page" data-page="team">
      <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-start">
        {data.image ? <img src={fileUrl(data.image)} alt="" width={160} height={160} className="size-40 shrink-0 rounded-full object-cover" /> : null}
        <div>
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="mt-2 font-medium">{institution}</p>
          {department ? <p className="text-slate-500 dark:text-slate-400">{department}</p> : null}
          <TeamSocialLinks member={data} name={name} />
        </div>
      </div>
      <p className="mt-8 text-lg leading-relaxed text-slate-700 dark:text-slate-300">{localizedField(data, 'bio', locale)}</p>
      <Link to={`${ROUTES.home}#team-title`} className="mt-8 inline-block text-emerald-700 underline dark:text-emerald-400">{t('team.back')}</Link>
    </article>
  );
}
