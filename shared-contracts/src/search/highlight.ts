import { foldText, normalizeSearchText, searchTerms } from './fold';

/** A piece of a display text; `match`: it is one of the searched words. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into segments, marking the words of `search` as the API's search finds them (the
 * same fold: "اداره" marks "إدارة", "ai" marks "AI"). The text is kept as it is: the segments
 * concatenate to it, and a match covers the diacritics and tatweel written inside and right after
 * the word. Matches are taken left to right, the longest word first where several start at one
 * place; they never overlap, so each marked segment folds to one searched word. A word typed
 * with its Arabic article marks the whole word where the text has it too ("الاصطناعي"), and the
 * word without it elsewhere, as the search finds both.
 */
export function highlightSegments(text: string, search: string): HighlightSegment[] {
  const terms = highlightTerms(search);
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];

  // The folded text one code point at a time, and where each folded character came from.
  const chars = Array.from(text);
  const starts: number[] = []; // start of chars[i] in `text` (UTF-16 units)
  let folded = '';
  const source: number[] = []; // folded[k] came from chars[source[k]]
  const foldStart = new Set<number>(); // k where a character's fold begins
  const foldEnd = new Set<number>(); // k where a character's fold ends (exclusive)
  let offset = 0;
  chars.forEach((ch, index) => {
    starts.push(offset);
    offset += ch.length;
    const part = foldText(ch);
    if (!part) return;
    foldStart.add(folded.length);
    for (let k = 0; k < part.length; k += 1) source.push(index);
    folded += part;
    foldEnd.add(folded.length);
  });
  starts.push(offset);

  const segments: HighlightSegment[] = [];
  let done = 0; // characters of `chars` already placed in segments
  const push = (from: number, to: number, match: boolean) => {
    if (to <= from) return;
    segments.push({ text: text.slice(starts[from], starts[to]), match });
  };
  let k = 0;
  while (k < folded.length) {
    const term = foldStart.has(k) ? terms.find((t) => folded.startsWith(t, k) && foldEnd.has(k + t.length)) : undefined;
    if (!term) {
      k += 1;
      continue;
    }
    const first = source[k]!;
    let last = source[k + term.length - 1]! + 1;
    // The marks that follow the word's last letter belong to it (they fold to nothing).
    while (last < chars.length && foldText(chars[last]!) === '') last += 1;
    push(done, first, false);
    push(first, last, true);
    done = last;
    k += term.length;
    while (k < folded.length && source[k]! < done) k += 1;
  }
  push(done, chars.length, false);
  return segments;
}

/** The words {@link highlightSegments} marks: the search's terms and the words as typed, longest first. */
export function highlightTerms(search: string): string[] {
  const typed = normalizeSearchText(search).split(' ').filter(Boolean);
  return [...new Set([...searchTerms(search), ...typed])].sort((a, b) => b.length - a.length);
}
