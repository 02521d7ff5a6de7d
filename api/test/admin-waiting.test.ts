/**
 * `GET admin/waiting` (the console home's counts): each staff member gets the counts of the screens
 * their roles open, each by that screen's own rule, and what is decided leaves the count.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitingResponseSchema } from '@scholars/shared-contracts/schemas';
import { conferenceRequests, contactMessages, researchSubmissions } from '../src/db/schema';
import { bearer, createUser, getJson, signIn, useApp, type CreateUserOverrides } from './helper';

const app = useApp();

async function staff(overrides: CreateUserOverrides) {
  const user = await createUser(app(), overrides);
  return { ...user, headers: bearer(await signIn(app(), user)) };
}

async function waiting(headers: Record<string, string>) {
  const answer = await getJson(app(), '/api/admin/waiting', headers);
  expect(answer.status).toBe(200);
  expect(answer.response.headers['cache-control']).toBe('no-store');
  return waitingResponseSchema.parse(answer.body).data;
}

async function submission(ownerId: number, status: 'pending_supervisor' | 'under_review' | 'approved', extra: { supervisorId?: number; assignedReviewerId?: number } = {}) {
  const [row] = await app()
    .db.insert(researchSubmissions)
    .values({
      ownerId,
      otherCategory: 'Other',
      title: 'بحث',
      titleEn: 'Research',
      description: 'وصف',
      descriptionEn: 'Description',
      abstract: 'Abstract',
      researchType: 'master',
      filePath: 'research/x.pdf',
      fileOriginalName: 'x.pdf',
      fileMime: 'application/pdf',
      image: 'research/x.png',
      termsAcceptedAt: new Date(),
      status,
      ...extra,
    })
    .returning({ id: researchSubmissions.id });
  return row!.id;
}

describe('GET admin/waiting', () => {
  it('gives each staff member the screens of their roles only', async () => {
    const supervisor = await staff({ role: 'supervisor' });
    const reviewer = await staff({ role: 'reviewer' });
    const admin = await staff({ role: 'admin' });
    expect(Object.keys(await waiting(supervisor.headers))).toEqual(['adminSupervision']);
    expect(Object.keys(await waiting(reviewer.headers)).sort()).toEqual(['adminConferenceRequests', 'adminModeration', 'adminReview']);
    expect(Object.keys(await waiting(admin.headers)).sort()).toEqual(
      ['adminConferenceRequests', 'adminConsultants', 'adminConsultations', 'adminContactMessages', 'adminModeration', 'adminReview'].sort(),
    );
  });

  it('counts by each screen’s rule: the review queue’s unassigned or mine, the supervisor’s own students, what is still open', async () => {
    const supervisor = await staff({ role: 'supervisor' });
    const otherSupervisor = await staff({ role: 'supervisor' });
    const reviewer = await staff({ role: 'reviewer' });
    const otherReviewer = await staff({ role: 'reviewer' });
    const admin = await staff({ role: 'admin' });
    const student = await createUser(app(), { supervisorId: supervisor.id });
    const before = { reviewer: await waiting(reviewer.headers), admin: await waiting(admin.headers) };

    await submission(student.id, 'pending_supervisor', { supervisorId: supervisor.id });
    await submission(student.id, 'pending_supervisor', { supervisorId: otherSupervisor.id });
    await submission(student.id, 'under_review');
    await submission(student.id, 'under_review', { assignedReviewerId: reviewer.id });
    await submission(student.id, 'under_review', { assignedReviewerId: otherReviewer.id });
    await submission(student.id, 'approved');
    const [message] = await app()
      .db.insert(contactMessages)
      .values({ fullName: 'Visitor', email: 'visitor@example.com', phone: '0501234567', message: 'Hello', locale: 'en' })
      .returning({ id: contactMessages.id });

    expect((await waiting(supervisor.headers)).adminSupervision).toBe(1);
    // Unassigned, and the one assigned to them; not another reviewer's.
    expect((await waiting(reviewer.headers)).adminReview).toBe(before.reviewer.adminReview! + 2);
    expect((await waiting(admin.headers)).adminContactMessages).toBe(before.admin.adminContactMessages! + 1);

    // Handled: it leaves the count.
    await app().db.update(contactMessages).set({ handledAt: new Date() }).where(eq(contactMessages.id, message!.id));
    expect((await waiting(admin.headers)).adminContactMessages).toBe(before.admin.adminContactMessages);
    const pendingRequests = (await app().db.select().from(conferenceRequests).where(eq(conferenceRequests.status, 'pending'))).length;
    expect((await waiting(admin.headers)).adminConferenceRequests).toBe(pendingRequests);
  });
});
