/**
 * Finds web addresses in a chat message so they can be shown as links. Only `http:` and
 * `https:` addresses (or `www.` ones, given `https:`) become links; everything else stays text,
 * so `javascript:` or `data:` can never become a clickable address. The text itself is always
 * rendered as text nodes, never as HTML.
 */
export type TextSegment = { type: 'text'; value: string } | { type: 'link'; value: string; href: string };

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address (Latin and Arabic).
const TRAILING_RE = /[.,;:!?'"»«)\]}\u060C\u061B\u061F\u06D4]+$/;

function trimTrailing(candidate: string): string {
  let value = candidate;
  for (;;) {
    const match = TRAILING_RE.exec(value);
    if (!match) return value;
    let cut = match[0];
    // Keep a closing parenthesis that closes one opened inside the address (Wikipedia links).
    if (cut.startsWith(')')) {
      const opened = (value.match(/\(/g) ?? []).length;
      const closed = (value.slice(0, value.length - cut.length).match(/\)/g) ?? []).length;
      if (opened > closed) cut = cut.slice(1);
    }
    if (!cut) return value;
    value = value.slice(0, value.length - cut.length);
    if (!TRAILING_RE.test(value)) return value;
  }
}

export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    const value = trimTrailing(match[0]);
    const href = value ? safeHref(value) : null;
    if (!href) continue;
    if (start > last) segments.push({ type: 'text', value: text.slice(last, start) });
    segments.push({ type: 'link', value, href });
    last = start + value.length;
  }
  if (last < text.length) segments.push({ type: 'text', value: text.slice(last) });
  return segments;
}
