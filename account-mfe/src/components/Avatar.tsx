import { fileUrl } from '@scholars/shared-contracts';
import { initials } from '@scholars/shared-contracts/ui';

/** The profile picture, or the initials on a coloured disc. */
export function Avatar({ path, name, size = 'md', alt }: { path: string | null | undefined; name: string; size?: 'md' | 'lg'; alt: string }) {
  const box = size === 'lg' ? 'size-24 text-3xl' : 'size-12 text-lg';
  if (path) {
    return <img src={fileUrl(path)} alt={alt} data-testid="avatar-image" className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-900`} />;
  }
  return (
    <span role="img" aria-label={alt} data-testid="avatar-initials" className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-700 font-bold text-white`}>
      {initials(name)}
    </span>
  );
}
