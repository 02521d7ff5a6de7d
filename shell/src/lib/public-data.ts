/**
 * The public reads of the shell's own components (header, footer, home page) and which of them a
 * page opens with. The shell's server makes them with the page and writes their answers into it
 * (server/page.ts, shared-contracts server-render.ts), so the first screen is rendered with them and
 * the browser reads them from the page instead of asking the API (issue 6: nor does it need the API
 * client's code to show them). Browser-safe: the server imports it too.
 */
export interface PublicRead {
  /** Path under the API base. */
  path: string;
  /** A POST's body; a GET has none. */
  body?: unknown;
}

/** Spec 7: limit 5, page 1, col title, empty search. */
export const ADS_REQUEST = { limit: 5, page: 1, col: 'title', search: '' };

export const PUBLIC_READS = {
  siteSettings: { path: 'site-settings' },
  categories: { path: 'conference-categories' },
  team: { path: 'team' },
  ads: { path: 'ads/websitePaginate', body: ADS_REQUEST },
  faq: { path: 'faq' },
  // The about page and the privacy policy, edited in the console (issue 19).
  about: { path: 'pages/about' },
  privacy: { path: 'pages/privacy' },
} satisfies Record<string, PublicRead>;

/** Where a read's answer is kept in the page's preloaded data (prefixed: remotes' keys are their own). */
export const publicDataKey = ({ path, body }: PublicRead): string => `shell:${path}:${JSON.stringify(body ?? null)}`;

/**
 * The reads the shell's components make when a page opens, by its route pattern (`matchRoute`):
 * header and footer (and the contact details) everywhere, team, FAQ and ads at home, the about
 * page's texts on it (the privacy policy is a lazy page, not rendered on the server: it reads its own).
 */
export function publicReadsFor(routePattern: string): PublicRead[] {
  const reads: PublicRead[] = [PUBLIC_READS.siteSettings, PUBLIC_READS.categories];
  if (routePattern === '/') reads.push(PUBLIC_READS.team, PUBLIC_READS.faq, PUBLIC_READS.ads);
  if (routePattern === '/about') reads.push(PUBLIC_READS.about);
  return reads;
}
