import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';

const ICONS: Record<keyof SiteSettings['social_links'], { label: string; path: string }> = {
  facebook: { label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
  twitter: { label: 'X', path: 'M4 4l16 16M20 4 4 20' },
  linkedin: { label: 'LinkedIn', path: 'M4 9h4v11H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 6h4v2a4 4 0 0 1 7 3v6h-4v-6a2 2 0 0 0-4 0v6h-3z' },
  instagram: { label: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z' },
  youtube: { label: 'YouTube', path: 'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 2v6l5-3z' },
};

/** Social links from the site settings; a network without a destination is not rendered. */
export function SocialLinks({ links }: { links: SiteSettings['social_links'] }) {
  const { t } = useTranslation('shell');
  const present = (Object.keys(ICONS) as Array<keyof typeof ICONS>).filter((key) => links[key]);
  if (!present.length) return null;
  return (
    <ul aria-label={t('footer.social')} className="mt-4 flex gap-3">
      {present.map((key) => (
        <li key={key}>
          <a href={links[key]!} target="_blank" rel="noopener noreferrer" aria-label={ICONS[key].label} className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-emerald-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8"><path d={ICONS[key].path} /></svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
