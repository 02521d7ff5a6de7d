import type { TeamMember } from '@scholars/shared-contracts/schemas';

const NETWORKS = [
  { field: 'linkedin_link', label: 'LinkedIn', path: 'M4 9h4v11H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 6h4v2a4 4 0 0 1 7 3v6h-4v-6a2 2 0 0 0-4 0v6h-3z' },
  { field: 'twitter_link', label: 'X', path: 'M4 4l16 16M20 4 4 20' },
  { field: 'facebook_link', label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
] as const;

/** LinkedIn, X and Facebook, each only when the member has that link; new tab (spec 2). */
export function TeamSocialLinks({ member, name }: { member: TeamMember; name: string }) {
  const present = NETWORKS.filter(({ field }) => member[field]);
  if (!present.length) return null;
  return (
    <ul className="mt-3 flex gap-2">
      {present.map(({ field, label, path }) => (
        <li key={field}>
          <a href={member[field]!} target="_blank" rel="noopener noreferrer" aria-label={`${label}: ${name}`} className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-emerald-700 hover:text-white dark:bg-slate-800 dark:text-slate-200">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8"><path d={path} /></svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
