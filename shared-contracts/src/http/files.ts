/** Default base address of uploaded files (spec 3: FILES_BASE + the part after `public/`). */
export const DEFAULT_FILES_BASE = '/files/';

let filesBase = DEFAULT_FILES_BASE;

/** Sets the files base (`configureApi` calls this). A trailing slash is added when missing. */
export function setFilesBase(base: string): void {
  filesBase = base.endsWith('/') ? base : `${base}/`;
}

export function getFilesBase(): string {
  return filesBase;
}

/**
 * The address of an uploaded file (spec 3): the files base plus the part of `path` after
 * `public/`. Empty input gives ''. Absolute `http(s):`, `data:` and `blob:` URLs pass through.
 * `fileUrl('uploads/public/ads/a.png')` gives `/files/ads/a.png`.
 */
export function fileUrl(path: string | null | undefined, base: string = filesBase): string {
  if (!path) return '';
  const trimmed = path.trim();
  if (!trimmed) return '';
  if (/^(https?:)?\/\//i.test(trimmed) || /^(data|blob):/i.test(trimmed)) return trimmed;
  const normalized = trimmed.replace(/\\/g, '/');
  const match = /(^|\/)public\//.exec(normalized);
  const rest = (match ? normalized.slice(match.index + match[0].length) : normalized).replace(/^\/+/, '');
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return `${prefix}${rest}`;
}
