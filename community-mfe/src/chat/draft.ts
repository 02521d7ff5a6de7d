/**
 * The unsent text of each chat, per account and research, in this tab's sessionStorage: it
 * survives a refused send, a switch of tab and a re-render or reload, and is forgotten once the
 * message is stored (or the tab closes). Storage that refuses (private mode, full) only loses
 * the copy, never the text in the box.
 */
const PREFIX = 'scholars_chat_draft';

export const draftKey = (userId: string | null, researchId: number) => `${PREFIX}:${userId ?? 'anonymous'}:${researchId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(key: string, text: string) {
  try {
    if (text) storage()?.setItem(key, text);
    else storage()?.removeItem(key);
  } catch {
    // Keep going: the text is still in the box.
  }
}

/** Forgets the draft once `sent` is stored, unless something else was typed meanwhile. */
export function clearSentDraft(key: string, sent: string) {
  if (readDraft(key).trim() === sent) writeDraft(key, '');
}
