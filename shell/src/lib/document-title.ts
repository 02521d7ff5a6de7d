/** "<page> · <site>", or the site's name alone: the one shape of the document title (issue 21). */
export function documentTitle(page: string | null | undefined, site: string): string {
  const name = page?.trim();
  return name ? `${name} · ${site}` : site;
}
