/**
 * Fixtures of the consultation tests: consultants (approved, with weekly availability in a zone),
 * members with a subscription on a plan of N sessions, the booking form as multipart, the free
 * slots as the public route answers them, and the mails of the outbox.
 */
import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import type { ConsultationLanguage } from '@scholars/shared-contracts/schemas';
import { consultantAvailability, consultantFields, consultants, mailOutbox, subscriptionPlans, subscriptions } from '../src/db/schema';
import { bearer, createUser, signIn, type CreateUserOverrides, type TestUser } from './helper';
import { pdfBytes } from './research-helpers';

const DAY = 86_400_000;

export interface Person extends TestUser {
  headers: Record<string, string>;
}

export interface TestConsultant extends Person {
  consultantId: number;
}

export interface ConsultantOptions extends CreateUserOverrides {
  timeZone?: string;
  sessionMinutes?: 30 | 45 | 60 | 90;
  /** `[weekday, startMinute, endMinute]`; default every day, all day. */
  availability?: Array<[number, number, number]>;
  languages?: ConsultationLanguage[];
  fields?: number[];
  status?: 'pending' | 'approved' | 'rejected' | 'suspended';
}

/** An approved consultant (default: UTC, 60-minute sessions, every hour of every day, field 2, both languages). */
export async function makeConsultant(app: FastifyInstance, options: ConsultantOptions = {}): Promise<TestConsultant> {
  const { timeZone = 'UTC', sessionMinutes = 60, availability, languages = ['ar', 'en'], fields = [2], status = 'approved', ...user } = options;
  const account = await createUser(app, user);
  const [row] = await app.db
    .insert(consultants)
    .values({ userId: account.id, status, bio: 'نبذة', bioEn: 'Bio', tags: ['وسم'], tagsEn: ['Tag'], languages, timeZone, sessionMinutes })
    .returning({ id: consultants.id });
  const rows = availability ?? [0, 1, 2, 3, 4, 5, 6].map((weekday): [number, number, number] => [weekday, 0, 24 * 60]);
  await app.db.insert(consultantAvailability).values(rows.map(([weekday, startMinute, endMinute]) => ({ consultantId: row!.id, weekday, startMinute, endMinute })));
  await app.db.insert(consultantFields).values(fields.map((categoryId) => ({ consultantId: row!.id, categoryId })));
  return { ...account, consultantId: row!.id, headers: bearer(await signIn(app, account)) };
}

export interface SubscriptionOptions {
  sessions?: number;
  periodStart?: Date;
  periodEnd?: Date;
}

/** An active subscription of `userId` on a new plan with `sessions` consultation sessions a year. */
export async function subscribe(app: FastifyInstance, userId: number, { sessions = 5, periodStart, periodEnd }: SubscriptionOptions = {}) {
  const [plan] = await app.db
    .insert(subscriptionPlans)
    .values({ name: 'خطة اختبار', nameEn: 'Test plan', price: 100, consultationSessions: sessions })
    .returning({ id: subscriptionPlans.id });
  const start = periodStart ?? new Date(Date.now() - 60_000);
  const [subscription] = await app.db
    .insert(subscriptions)
    .values({ userId, planId: plan!.id, status: 'active', price: 100, provider: 'local', currentPeriodStart: start, currentPeriodEnd: periodEnd ?? new Date(start.getTime() + 365 * DAY) })
    .returning({ id: subscriptions.id });
  return { planId: plan!.id, subscriptionId: subscription!.id };
}

/** A signed-in member, subscribed on a plan of `sessions` sessions unless `subscribed: false`. */
export async function makeMember(app: FastifyInstance, options: CreateUserOverrides & SubscriptionOptions & { subscribed?: boolean } = {}): Promise<Person> {
  const { subscribed = true, sessions, periodStart, periodEnd, ...user } = options;
  const account = await createUser(app, user);
  if (subscribed) await subscribe(app, account.id, { sessions, periodStart, periodEnd });
  return { ...account, headers: bearer(await signIn(app, account)) };
}

export interface BookingFields {
  consultantId: number;
  start: string;
  topic?: string;
  categoryId?: number;
  language?: string;
  mode?: string;
  place?: string;
  description?: string;
}

/** The booking form as multipart (an `attachment` PDF with `attach: true`). */
export function bookingForm(fields: BookingFields, { attach = false } = {}): FormData {
  const form = new FormData();
  const values: Record<string, string | number | undefined> = {
    topic: 'Choosing a methodology',
    categoryId: 2,
    language: 'en',
    mode: 'online',
    description: 'I need help choosing between a survey and interviews.',
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, String(value));
  if (attach) form.append('attachment', new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }), 'draft-chapter.pdf');
  return form;
}

/** Books through the HTTP API. */
export async function book(app: FastifyInstance, headers: Record<string, string>, fields: BookingFields, options: { attach?: boolean } = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/consultations', headers, payload: bookingForm(fields, options) });
  return { status: response.statusCode, body: response.json() as { status: boolean; msg?: string; data?: Record<string, unknown> & { id: number }; errors?: Record<string, string> } };
}

/** The consultant's free slot starts (ISO, UTC) as the public route answers them. */
export async function slotsOf(app: FastifyInstance, consultantId: number, query = ''): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/consultants/${consultantId}/slots${query}` });
  return (response.json() as { data: { slots: Array<{ start: string }> } }).data.slots.map((slot) => slot.start);
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Mails queued to `email`, newest first. */
export async function mailsTo(app: FastifyInstance, email: string): Promise<OutboxMail[]> {
  return app.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${email.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id));
}

/** The newest mail to `email` made by `template`. */
export async function lastMail(app: FastifyInstance, email: string, template: string): Promise<OutboxMail | undefined> {
  return (await mailsTo(app, email)).find((mail) => mail.template === template);
}

export const icsOf = (mail: OutboxMail | undefined): string => {
  const attachment = mail?.attachments?.find((file) => file.filename.endsWith('.ics'));
  if (!attachment) throw new Error('no .ics attached');
  return attachment.encoding === 'base64' ? Buffer.from(attachment.content, 'base64').toString('utf8') : attachment.content;
};

