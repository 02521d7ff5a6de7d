/**
 * The unsent text of each chat, per account and research, in this tab's sessionStorage: it
 * survives a refused send, a switch of tab and a re-render or reload, and is forgotten once the
 * message is stored (or the tab closes). Storage that refuses (private mode, full) only loses
 * the copy, never the text in the box (shared-contracts' session texts, as the long forms' drafts).
 */
import { readSessionText, writeSessionText } from '@scholars/shared-contracts/ui/draft';

const PREFIX = 'scholars_chat_draft';

export const draftKey = (userId: string | null, researchId: number) => `${PREFIX}:${userId ?? 'anonymous'}:${researchId}`;

export const readDraft = (key: string): string => readSessionText(key) ?? '';

export const writeDraft = (key: string, text: string) => writeSessionText(key, text);

/** Forgets the draft once `sent` is stored, unless something else was typed meanwhile. */
export function clearSentDraft(key: string, sent: string) {
  if (readDraft(key).trim() === sent) writeDraft(key, '');
}
