/**
 * A research chat's moderation (issue 20): closed (read-only, with the moderator's reason shown to
 * members) and slow mode (seconds a member waits between two messages; staff are exempt). No row:
 * open, no slow mode.
 */
import { eq, sql } from 'drizzle-orm';
import type { ChatSettings } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import { researchChatSettings } from '../../db/schema';

export const OPEN_CHAT: ChatSettings = { closed: false, closed_reason: null, slow_mode_seconds: 0 };

export async function chatSettings(db: Db, researchId: number): Promise<ChatSettings> {
  const [row] = await db.select().from(researchChatSettings).where(eq(researchChatSettings.researchId, researchId));
  if (!row) return OPEN_CHAT;
  return { closed: row.closedAt !== null, closed_reason: row.closedAt !== null ? row.closedReason : null, slow_mode_seconds: row.slowModeSeconds };
}

/** Stores the settings (in the caller's transaction when given); a chat closed already keeps its first closing time. */
export async function saveChatSettings(db: Db, researchId: number, settings: ChatSettings, actorId: number): Promise<void> {
  const closedAt = settings.closed ? sql`coalesce(${researchChatSettings.closedAt}, now())` : null;
  await db
    .insert(researchChatSettings)
    .values({
      researchId,
      closedAt: settings.closed ? new Date() : null,
      closedReason: settings.closed ? settings.closed_reason : null,
      slowModeSeconds: settings.slow_mode_seconds,
      updatedBy: actorId,
    })
    .onConflictDoUpdate({
      target: researchChatSettings.researchId,
      set: { closedAt, closedReason: settings.closed ? settings.closed_reason : null, slowModeSeconds: settings.slow_mode_seconds, updatedBy: actorId, updatedAt: new Date() },
    });
}

/** Bucket of the slow mode's count (lib/accounts/rate-limits.ts): one per member and chat. */
export const slowModeBucket = (researchId: number, userId: number) => `chat:slow:${researchId}:${userId}`;
