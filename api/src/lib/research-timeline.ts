/**
 * A research's status change as its author is shown it (the timeline of `GET research/{id}`, and the
 * member's data file): the role the move was made in (from the transition table, not the actor's
 * roles today) and the reviewer's or supervisor's name only when they signed the decision.
 */
import { REVIEW_TRANSITIONS, type ResearchStatus, type ResearchTransition } from '@scholars/shared-contracts/schemas';

export interface StoredTransition {
  from: ResearchStatus | null;
  to: ResearchStatus;
  at: Date;
  note: string | null;
  actorId: number | null;
  signed: boolean;
  actorName: string | null;
}

export function authorTransitionView(t: StoredTransition, ownerId: number): ResearchTransition {
  return {
    from: t.from,
    to: t.to,
    at: t.at.toISOString(),
    note: t.note,
    by_role: t.actorId === null ? 'system' : t.actorId === ownerId ? 'owner' : ((t.from && REVIEW_TRANSITIONS[t.from][t.to]) || 'system'),
    by_name: t.signed && t.actorId !== ownerId ? (t.actorName ?? null) : null,
  };
}
