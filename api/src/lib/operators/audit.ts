/**
 * The audit log: every operator action, appended with who, when, what, the target and why. The API
 * only inserts (the database refuses UPDATE and DELETE: migration 0010).
 */
import type { AuditActionName, AuditTargetType } from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import { auditLog } from '../../db/schema';

export type AuditAction =
  | 'grant'
  | 'revoke'
  | 'setup'
  | 'suspend'
  | 'lift'
  | 'link'
  | 'unlink'
  /** A member closed their own account (lib/accounts/closing.ts): the actor is the member. */
  | 'account.close'
  /** A member downloaded their own data (lib/accounts/export.ts): the actor is the member. */
  | 'account.export'
  /** An administrator ended a member's subscription, perhaps with a refund (routes/admin-subscriptions.ts); the target is the member. */
  | 'subscription.end'
  | ReviewAuditAction
  | ContentAuditAction
  | InboxAuditAction
  | NewsletterAuditAction
  | ModerationAuditAction
  | ConsultationAuditAction;
/** Consultations (issue 23): consultant decisions, admin cancels, staff-arranged sessions, review visibility. */
export type ConsultationAuditAction =
  | 'consultant.approve'
  | 'consultant.reject'
  | 'consultant.suspend'
  | 'consultant.reinstate'
  | 'consultation.cancel'
  | 'consultation.arrange'
  | 'consultation.review-visibility';
/** Moderation (routes/moderation.ts): a decision on a reported item, a research chat's settings. */
export type ModerationAuditAction = 'moderation.decide' | 'chat.settings';
/** The newsletter (routes/admin-newsletter.ts). */
export type NewsletterAuditAction = 'newsletter.create' | 'newsletter.update' | 'newsletter.delete' | 'newsletter.test' | 'newsletter.send';
/** The contact inbox (routes/admin-contact.ts). */
export type InboxAuditAction = 'contact.reply' | 'contact.handled' | 'contact.reopen';
/** The review loop's actions (review.ts, supervision.ts): decisions, assignment, supervision answers. */
export type ReviewAuditAction = 'research.decide' | 'research.assign' | 'supervision.accept' | 'supervision.decline';
/** Content managed in the console (lib/operators/content.ts): `details` names what changed. */
export type ContentAuditAction =
  | 'content.create'
  | 'content.update'
  | 'content.publish'
  | 'content.unpublish'
  | 'content.archive'
  | 'content.delete'
  | 'content.upload'
  | 'conference-request.decide'
  | 'registrations.mail'
  /** A conference archived or unpublished before it ended: its registrations canceled as the organizers' (the count, the staff's message). */
  | 'registrations.cancel'
  /** Members marked as present, or one unmarked (the registration, or the count of a whole list marked). */
  | 'registrations.attendance'
  /** Members e-mailed about a saved version of a site page (the privacy policy). */
  | 'content.notify';
export type ContentTargetType =
  | 'conference'
  | 'conference_request'
  | 'conference_category'
  | 'community_category'
  | 'university'
  | 'ebook'
  | 'research'
  | 'reason_template'
  | 'ad'
  | 'team_member'
  | 'faq'
  | 'site_settings'
  | 'site_page'
  | 'plan'
  | 'file';

// The console names every action and target from shared-contracts' lists: a new one must be added
// there too (this fails to compile until it is).
type Within<T extends U, U> = T;
export type CheckedAuditAction = Within<AuditAction, AuditActionName>;
export type CheckedAuditTarget = Within<AuditEntry['targetType'], AuditTargetType>;

export interface AuditEntry {
  /** The account that acted; null when it is the command line (`actorLabel: 'cli'`). */
  actorId: number | null;
  /** How the actor is shown: `account`, `cli`, `setup-link`. */
  actorLabel: 'account' | 'cli' | 'setup-link';
  action: AuditAction;
  targetType: 'user' | 'contact_message' | 'newsletter_issue' | 'chat_message' | 'consultant' | 'consultation' | ContentTargetType;
  targetId: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorLabel: entry.actorLabel,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}
