/**
 * The housekeeping job's two consultation duties (lib/maintenance.ts, once per slot across every
 * API process): requests past their answer deadline become `expired` (they do not count; the member
 * is mailed the link to pick again), and accepted sessions starting within 24 hours are reminded to
 * both, once (`reminded_at`). Each row is claimed by its conditional UPDATE, so a run that overlaps
 * another never mails twice.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { CONSULTATION_NOTICE_HOURS } from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import type { MailService } from '../../plugins/app/mail';
import { consultations } from '../../db/schema';
import { mailContext, sendSessionMail } from './sessions';

export interface ConsultationDutiesContext {
  mail: MailService;
  /** The site's address (links in the mails). */
  site: string;
}

export async function runConsultationDuties(db: Executor, context: ConsultationDutiesContext, now: Date): Promise<{ expired: number; reminded: number }> {
  const expired = await db
    .update(consultations)
    .set({ state: 'expired', counts: false, version: sql`${consultations.version} + 1` })
    .where(and(eq(consultations.state, 'requested'), lte(consultations.acceptBy, now)))
    .returning();
  for (const row of expired) await sendSessionMail(context.mail, db, 'expired', await mailContext(db, row, context.site), ['member']);

  const soon = new Date(now.getTime() + CONSULTATION_NOTICE_HOURS * 3_600_000);
  const reminded = await db
    .update(consultations)
    .set({ remindedAt: now })
    .where(and(eq(consultations.state, 'accepted'), isNull(consultations.remindedAt), gt(consultations.startsAt, now), lte(consultations.startsAt, soon)))
    .returning();
  for (const row of reminded) await sendSessionMail(context.mail, db, 'reminder', await mailContext(db, row, context.site), ['member', 'consultant']);
  return { expired: expired.length, reminded: reminded.length };
}
