import { describe, expect, it } from 'vitest';
import { datePart, excerpt, formatMessageTime } from './format';
import { readListQuery } from '../pages/CommunityList';
import { mergeMessages } from '../chat/use-chat';
import type { ChatMessage } from '@scholars/shared-contracts/schemas';

describe('card texts (spec 2)', () => {
  it('cuts the abstract at 100 characters and adds an ellipsis only when cut', () => {
    const long = 'ب'.repeat(150);
    expect(excerpt(long)).toBe(`${'ب'.repeat(100)}…`);
    expect(excerpt('short')).toBe('short');
    expect(excerpt('x'.repeat(100))).toBe('x'.repeat(100));
    // Never splits a character made of two UTF-16 units.
    expect(Array.from(excerpt('😀'.repeat(120))).length).toBe(101);
  });

  it('shows the date part only', () => {
    expect(datePart('2026-10-02T08:30:00.000Z')).toBe('2026-10-02');
  });

  it('shows a chat time alone today and with its date before, in the reader\'s zone', () => {
    const now = new Date('2026-10-02T12:00:00Z');
    expect(formatMessageTime('2026-10-02T08:30:00.000Z', 'ar', now, 'Asia/Dubai')).toBe('12:30');
    expect(formatMessageTime('2026-10-01T08:30:00.000Z', 'en', now, 'Asia/Dubai')).toBe('Thu, 1 Oct 2026, 12:30');
    // 21:30 UTC on the 1st is already the 2nd in Dubai: today there.
    expect(formatMessageTime('2026-10-01T21:30:00.000Z', 'en', now, 'Asia/Dubai')).toBe('01:30');
  });
});

describe('list state in the URL', () => {
  it('reads category, search and page, ignoring bad values', () => {
    expect(readListQuery(new URLSearchParams('category=2&search=تعلم&page=3'))).toEqual({ categoryId: 2, search: 'تعلم', page: 3 });
    expect(readListQuery(new URLSearchParams('category=x&page=-1'))).toEqual({ categoryId: null, search: '', page: 1 });
  });
});

describe('mergeMessages', () => {
  const message = (id: number, text: string | null = `m${id}`): ChatMessage => ({
    id,
    research_id: 1,
    sender: { id: 1, name: 'A', avatar: null },
    text,
    created_at: '2026-01-01T00:00:00.000Z',
    deleted: text === null,
    deleted_at: null,
    deleted_by: null,
    client_id: null,
  });
  it('keeps ascending ids, no duplicates, and replaces a message by a newer copy (a removal)', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, null), message(4)]);
    expect(merged.map((m) => [m.id, m.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, null],
      [4, 'm4'],
    ]);
  });
});
