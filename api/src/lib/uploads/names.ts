/**
 * Names of uploaded files. Files are stored under names the server generates; the name the user
 * gave is kept only to be offered back on download, after being made harmless here.
 */

// C0/C1 controls, bidirectional overrides and isolates (which can disguise an extension), and the
// characters Windows forbids in names.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"*:<>?|]/g;

/**
 * The original name, safe to show and to offer in `Content-Disposition`: only its last path
 * segment (`../../etc/passwd.pdf` gives `passwd.pdf`), no control or direction characters, no
 * leading dots, at most 150 characters before the extension, and the extension of the detected
 * type (`report.exe` detected as PDF becomes `report.pdf`). Empty names become `fallback.ext`.
 */
export function safeOriginalName(raw: string | undefined | null, ext: string, fallback = 'file'): string {
  const lastSegment = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(UNSAFE, '').replace(/\s+/g, ' ').replace(/^[.\s]+/, '').trim();
  const withoutExt = cleaned.replace(/\.[^.]{0,10}$/, '').replace(/[.\s]+$/, '');
  const base = [...(withoutExt || fallback)].slice(0, 150).join('').trim() || fallback;
  return `${base}.${ext}`;
}

const RFC5987_EXTRA = /['()*]/g;

/**
 * `Content-Disposition` with the original name: a plain ASCII `filename` for old clients (the
 * name itself when it is printable ASCII, else `fallback`) and the exact UTF-8 name in
 * `filename*` (RFC 6266 + RFC 5987), so Arabic names arrive intact.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string, fallback: string): string {
  const printable = /^[\x20-\x7e]+$/.test(name);
  const ascii = (printable ? name : fallback).replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(RFC5987_EXTRA, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** An ASCII file name from an English title. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80) || 'book'
  );
}
