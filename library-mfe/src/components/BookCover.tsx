import { useState } from 'react';
import { fileUrl } from '@scholars/shared-contracts';

/**
 * A library item's cover, or, for an item without one (or whose picture does not load), a neutral
 * book drawn in its place (its spine at the start, on the right in Arabic) rather than an empty
 * box. Decorative either way: the title beside it names the item. `className` sizes both.
 */
export function BookCover({ image, width, height, className, lazy = false }: { image: string | null; width: number; height: number; className: string; lazy?: boolean }) {
  const src = fileUrl(image);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span aria-hidden="true" data-testid="book-cover-placeholder" className={`${className} flex items-center justify-center border border-slate-200 bg-slate-100 text-slate-400 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-500`}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" className="w-1/2 max-w-16 rtl:-scale-x-100">
          <path d="M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6.5A2.5 2.5 0 0 1 4 18.5v-13A2.5 2.5 0 0 1 6.5 3M4 18.5A2.5 2.5 0 0 1 6.5 16H19M9 7.5h6M9 10.5h4" />
        </svg>
      </span>
    );
  }
  return <img src={src} alt="" loading={lazy ? 'lazy' : undefined} width={width} height={height} onError={() => setFailed(src)} className={`${className} bg-slate-100 object-cover dark:bg-slate-800`} />;
}
