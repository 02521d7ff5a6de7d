/**
 * Removals of a member's content (decisions.md, "Reports and moderation"): each research removed
 * (by the review or by moderation: the review's transition to `removed`, a research once), and each
 * chat message or profile whose content moderation removed. Shown on the user's console page and
 * on the moderation queue; from SUGGEST_SUSPENSION_FROM in 90 days the queue suggests suspending.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationDecisions, researchReviewTransitions, researchSubmissions } from '../../db/schema';

const since90Days = (column: Parameters<typeof sql>[1]) => sql`${column} > now() - interval '90 days'`;

/** Removals per author (every id of `userIds` is in the map, 0 when none); `recent`: the last 90 days only. */
export async function removalsOf(db: Db, userIds: number[], recent = true): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const [research, moderated] = await Promise.all([
    db
      .select({ userId: researchSubmissions.ownerId, n: sql<number>`count(distinct ${researchSubmissions.id})`.mapWith(Number) })
      .from(researchSubmissions)
      .innerJoin(researchReviewTransitions, eq(researchReviewTransitions.researchId, researchSubmissions.id))
      .where(
        and(
          inArray(researchSubmissions.ownerId, userIds),
          eq(researchSubmissions.status, 'removed'),
          eq(researchReviewTransitions.toStatus, 'removed'),
          recent ? since90Days(researchReviewTransitions.createdAt) : undefined,
        ),
      )
      .groupBy(researchSubmissions.ownerId),
    // A research removed by moderation is counted above, through its transition.
    db
      .select({ userId: moderationDecisions.authorId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(moderationDecisions)
      .where(
        and(
          inArray(moderationDecisions.authorId, userIds),
          eq(moderationDecisions.action, 'remove'),
          ne(moderationDecisions.itemType, 'research'),
          recent ? since90Days(moderationDecisions.createdAt) : undefined,
        ),
      )
      .groupBy(moderationDecisions.authorId),
  ]);
  for (const row of [...research, ...moderated]) if (row.userId !== null) counts.set(row.userId, (counts.get(row.userId) ?? 0) + row.n);
  return counts;
}

/** One user's removals: all time and in the last 90 days. */
export async function removalCounts(db: Db, userId: number): Promise<{ total: number; last_90_days: number }> {
  const [total, recent] = await Promise.all([removalsOf(db, [userId], false), removalsOf(db, [userId], true)]);
  return { total: total.get(userId) ?? 0, last_90_days: recent.get(userId) ?? 0 };
}
