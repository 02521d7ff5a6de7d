/**
 * A full conference's waiting list: members join in order; a freed seat (a cancellation, an account
 * closed, more seats, registration opened again) goes to the one who has waited longest, registered
 * and e-mailed in their language with the calendar; a member is on the list or registered, never both.
 * The console lists who waits, in that order; a conference leaving the site before it ends closes
 * its list, telling each member in their language.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isolate } from '@scholars/shared-contracts/locale';
import {
  adminConferenceResponseSchema,
  adminWaitingListResponseSchema,
  conferenceDetailsResponseSchema,
  conferenceWaitingListResponseSchema,
  myWaitingPlacesResponseSchema,
  translateMessage,
} from '@scholars/shared-contracts/schemas';
import { auditLog, conferences, conferenceWaitingList, users } from '../src/db/schema';
import { seatFromWaitingList } from '../src/routes/conference-registrations';
import { getJson, postJson, signedInUser, useAppWithMail, type CreateUserOverrides } from './helper';
import { conferenceEvent, insertConference, mailTo } from './conference-helpers';
import { staffHeaders } from './content-helpers';

const { app, smtp } = useAppWithMail();

const member = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);
const register = (id: number, headers: Record<string, string>) => postJson(app(), `/api/conference/${id}/register`, {}, headers);
const join = (id: number, headers: Record<string, string> = {}) => postJson(app(), `/api/conference/${id}/waiting-list`, {}, headers);
const call = (method: 'DELETE', url: string, headers: Record<string, string>) =>
  app().inject({ method, url, headers }).then((answer) => ({ status: answer.statusCode, body: answer.json() }));
const leave = (id: number, headers: Record<string, string>) => call('DELETE', `/api/conference/${id}/waiting-list`, headers);
const cancel = (id: number, headers: Record<string, string>) => call('DELETE', `/api/conference/${id}/register`, headers);
const details = async (id: number, headers: Record<string, string>) => conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${id}`, headers)).body).data;

async function fullConference(seats: number, names: { title?: string; titleEn?: string } = {}) {
  const id = await insertConference(app(), { startInDays: 30, ...names });
  await app().db.update(conferences).set({ capacity: seats }).where(eq(conferences.id, id));
  for (let seat = 0; seat < seats; seat += 1) expect((await register(id, (await member()).headers)).status).toBe(201);
  return id;
}

describe('a full conference’s waiting list', () => {
  it('takes members in order, says each their place, and refuses what makes no sense, in the request’s language', async () => {
    const id = await fullConference(1);
    const first = await member();
    const second = await member();

    expect((await join(id)).status).toBe(401);
    const joined = await join(id, first.headers);
    expect(joined.status).toBe(201);
    expect(conferenceWaitingListResponseSchema.parse(joined.body)).toMatchObject({ data: { place: 1 } });
    expect(joined.body.msg).toBe('You are on the waiting list, number 1. When a seat is freed, the member who has waited longest gets it and is told by e-mail.');
    const arabic = await join(id, { ...second.headers, 'accept-language': 'ar' });
    expect(arabic.body).toMatchObject({ data: { place: 2 } });
    expect(arabic.body.msg).toContain('أنت في قائمة الانتظار، رقم 2.');

    expect(await details(id, first.headers)).toMatchObject({ full: true, registered: false, waiting: 1 });
    expect(await details(id, second.headers)).toMatchObject({ waiting: 2 });
    expect(conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${id}`)).body).data.waiting).toBeNull();

    expect((await join(id, first.headers)).body).toMatchObject({ status: false, err: 409, msg: 'You are already on the waiting list of this conference.' });
    const open = await insertConference(app(), { startInDays: 30 });
    await app().db.update(conferences).set({ capacity: 5 }).where(eq(conferences.id, open));
    expect((await join(open, first.headers)).body).toMatchObject({ err: 409, msg: 'Seats are still free: register instead of waiting.' });
    const unlimited = await insertConference(app(), { startInDays: 30 });
    expect((await join(unlimited, { ...first.headers, 'accept-language': 'ar' })).body).toMatchObject({ err: 409, msg: 'ما زالت هناك مقاعد متاحة: سجّل بدل الانتظار.' });
    expect((await join(999_999, first.headers)).status).toBe(404);
    await app().db.update(conferences).set({ registrationOpen: false }).where(eq(conferences.id, open));
    expect((await join(open, first.headers)).status).toBe(422);

    // The profile lists the places, the longest waited first.
    const mine = myWaitingPlacesResponseSchema.parse((await getJson(app(), '/api/conference-waiting-lists/mine', second.headers)).body).data;
    expect(mine).toEqual([expect.objectContaining({ conference_id: id, place: 2, conference_public: true })]);
    expect((await getJson(app(), '/api/conference-waiting-lists/mine')).status).toBe(401);

    // Leaving: the next moves up; leaving twice is refused; an unknown conference is 404.
    expect((await leave(id, first.headers))).toMatchObject({ status: 200, body: { msg: 'You have left the waiting list.', data: { place: null } } });
    expect(await details(id, second.headers)).toMatchObject({ waiting: 1 });
    expect((await leave(id, first.headers)).body).toMatchObject({ err: 409, msg: 'You are not on the waiting list of this conference.' });
    expect((await leave(999_999, first.headers)).status).toBe(404);
  });

  it('gives a canceled seat to the member who waited longest: registered, e-mailed in their language with the calendar, off the list', async () => {
    const id = await insertConference(app(), { startInDays: 31, title: 'ملتقى المقاعد', titleEn: 'Seats Forum' });
    await app().db.update(conferences).set({ capacity: 1 }).where(eq(conferences.id, id));
    const holder = await member();
    expect((await register(id, holder.headers)).status).toBe(201);
    const arabic = await member({ locale: 'ar', name: 'مريم النعيمي' });
    const english = await member({ locale: 'en', name: 'Omar Haddad' });
    expect((await join(id, arabic.headers)).status).toBe(201);
    expect((await join(id, english.headers)).status).toBe(201);
    // A registered member cannot wait too.
    expect((await join(id, holder.headers)).body).toMatchObject({ err: 409, msg: 'You are already registered for this conference.' });

    expect((await cancel(id, holder.headers)).status).toBe(200);
    expect(await details(id, arabic.headers)).toMatchObject({ registered: true, waiting: null, full: true });
    expect(await details(id, english.headers)).toMatchObject({ registered: false, waiting: 1 });
    const mail = await mailTo(smtp, arabic.user.email, (m) => m.subject.startsWith('لك مقعد'));
    expect(mail.subject).toBe(`لك مقعد في: ${isolate('ملتقى المقاعد')}`);
    expect(mail.text).toContain(`مرحبًا ${isolate('مريم النعيمي')}،`);
    expect(mail.text).toContain('وكنت التالي في قائمة الانتظار: تم تسجيلك.');
    expect(conferenceEvent(mail.attachments[0]!.content.toString('utf8'), id).method).toBe('PUBLISH');
    // The seat is hers: someone else cannot take it.
    expect((await register(id, (await member()).headers)).status).toBe(409);

    // She cancels in turn: the next one (English) is seated.
    expect((await cancel(id, arabic.headers)).status).toBe(200);
    const next = await mailTo(smtp, english.user.email, (m) => m.subject.startsWith('A seat is yours'));
    expect(next.subject).toBe(`A seat is yours: ${isolate('Seats Forum')}`);
    expect(next.text).toContain('and you were next on its waiting list: you are registered.');
    expect(await details(id, english.headers)).toMatchObject({ registered: true, waiting: null });
  });

  it('two seats freed at once go to the two who waited longest, once each', async () => {
    const id = await insertConference(app(), { startInDays: 33 });
    await app().db.update(conferences).set({ capacity: 2 }).where(eq(conferences.id, id));
    const holders = [await member(), await member()];
    for (const holder of holders) expect((await register(id, holder.headers)).status).toBe(201);
    const waiting = [await member(), await member(), await member()];
    for (const account of waiting) expect((await join(id, account.headers)).status).toBe(201);
    const canceled = await Promise.all(holders.map((holder) => cancel(id, holder.headers)));
    expect(canceled.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await details(id, waiting[0]!.headers)).registered).toBe(true);
    expect((await details(id, waiting[1]!.headers)).registered).toBe(true);
    expect(await details(id, waiting[2]!.headers)).toMatchObject({ registered: false, waiting: 1, full: true });
  });

  it('a member waiting who closes their account leaves the list; a registered one who does frees the seat for the next', async () => {
    const id = await insertConference(app(), { startInDays: 32 });
    await app().db.update(conferences).set({ capacity: 1 }).where(eq(conferences.id, id));
    const [holderAccount, waitingAccount, nextAccount] = [await member(), await member(), await member()];
    expect((await register(id, holderAccount.headers)).status).toBe(201);
    expect((await join(id, waitingAccount.headers)).status).toBe(201);
    expect((await join(id, nextAccount.headers)).status).toBe(201);

    expect((await postJson(app(), '/api/profile/close', { current_password: waitingAccount.user.password }, waitingAccount.headers)).status).toBe(200);
    expect(await details(id, nextAccount.headers)).toMatchObject({ waiting: 1 });
    expect((await postJson(app(), '/api/profile/close', { current_password: holderAccount.user.password }, holderAccount.headers)).status).toBe(200);
    expect(await details(id, nextAccount.headers)).toMatchObject({ registered: true, waiting: null });
  });

  it('more seats or registration opened again seat those waiting, in order; none while registration is closed or the conference unpublished', async () => {
    const id = await fullConference(1);
    const waiting = [await member(), await member(), await member()];
    for (const account of waiting) expect((await join(id, account.headers)).status).toBe(201);

    // Closed by the organizers: a canceled seat stays free, no one is seated.
    await app().db.update(conferences).set({ registrationOpen: false, capacity: 3 }).where(eq(conferences.id, id));
    expect(await seatFromWaitingList(app(), app().db, id)).toBe(0);
    await app().db.update(conferences).set({ registrationOpen: true, status: 'draft' }).where(eq(conferences.id, id));
    expect(await seatFromWaitingList(app(), app().db, id)).toBe(0);

    // Open and published with three seats (one taken): the first two waiting get the two free.
    await app().db.update(conferences).set({ status: 'published' }).where(eq(conferences.id, id));
    expect(await seatFromWaitingList(app(), app().db, id)).toBe(2);
    expect(await details(id, waiting[0]!.headers)).toMatchObject({ registered: true, waiting: null });
    expect(await details(id, waiting[1]!.headers)).toMatchObject({ registered: true, waiting: null });
    expect(await details(id, waiting[2]!.headers)).toMatchObject({ registered: false, waiting: 1 });
    const left = await app().db.select().from(conferenceWaitingList).where(eq(conferenceWaitingList.conferenceId, id));
    expect(left.map((row) => row.userId)).toEqual([waiting[2]!.user.id]);
  });

  it('the console lists those waiting in the order seats go to them, with their places and who is suspended (passed over)', async () => {
    const { headers } = await staffHeaders(app());
    const id = await fullConference(1);
    const waiting = [await member({ name: 'First Waiting' }), await member({ locale: 'ar', name: 'ثانية في الانتظار' }), await member({ name: 'Third Waiting' })];
    for (const account of waiting) expect((await join(id, account.headers)).status).toBe(201);
    await app().db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, waiting[1]!.user.id));

    const list = async (query = '') => adminWaitingListResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}/waiting-list${query}`, headers)).body);
    const all = await list();
    expect(all.tot).toBe(3);
    expect(all.data.map(({ place, name, suspended }) => ({ place, name, suspended }))).toEqual([
      { place: 1, name: 'First Waiting', suspended: false },
      { place: 2, name: 'ثانية في الانتظار', suspended: true },
      { place: 3, name: 'Third Waiting', suspended: false },
    ]);
    expect(all.data[0]).toMatchObject({ user_id: waiting[0]!.user.id, email: waiting[0]!.user.email });
    // Pages keep the places of the whole list.
    expect((await list('?page=2&limit=2')).data.map((row) => [row.place, row.user_id])).toEqual([[3, waiting[2]!.user.id]]);
    // Bad paging is a localized 400; an unknown conference 404; a member 403.
    const bad = await getJson(app(), `/api/admin/conferences/${id}/waiting-list?limit=0`, { ...headers, 'accept-language': 'ar' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, err: 400 });
    expect((await getJson(app(), '/api/admin/conferences/999999/waiting-list', headers)).status).toBe(404);
    expect((await getJson(app(), `/api/admin/conferences/${id}/waiting-list`, waiting[0]!.headers)).status).toBe(403);
  });

  it('archiving or unpublishing before the end closes the list: each member told in their language with the staff’s message, counted and audited', async () => {
    const { headers } = await staffHeaders(app());
    for (const to of ['archived', 'draft'] as const) {
      const id = await fullConference(1, { title: 'ملتقى القائمة', titleEn: 'List Forum' });
      const arabic = await member({ locale: 'ar', name: 'ليلى' });
      const english = await member({ locale: 'en', name: 'Sam' });
      for (const account of [arabic, english]) expect((await join(id, account.headers)).status).toBe(201);
      const version = adminConferenceResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}`, headers)).body).data.version;

      const answer = await postJson(app(), `/api/admin/conferences/${id}/status`, { status: to, version, registrants: 1, message: 'Sorry: the hall is closed.' }, headers);
      expect(answer.status).toBe(200);
      expect(answer.body.msg).toBe(
        [
          translateMessage('en', to === 'archived' ? 'success.contentArchived' : 'success.contentUnpublished'),
          translateMessage('en', 'success.registrationsCanceledByOrganisers', { count: 1 }),
          translateMessage('en', 'success.waitingListClosedByOrganizers', { count: 2 }),
        ].join(' '),
      );
      expect(await app().db.select().from(conferenceWaitingList).where(eq(conferenceWaitingList.conferenceId, id))).toEqual([]);

      const arabicMail = await mailTo(smtp, arabic.user.email, (mail) => mail.subject.includes('قائمة الانتظار'));
      expect(arabicMail.subject).toBe(`أُغلقت قائمة الانتظار: ${isolate('ملتقى القائمة')}`);
      expect(arabicMail.text).toContain(to === 'archived' ? 'ألغى المنظمون' : 'سحب المنظمون');
      expect(arabicMail.text).toContain('Sorry: the hall is closed.');
      const englishMail = await mailTo(smtp, english.user.email, (mail) => mail.subject.startsWith('Waiting list closed'));
      expect(englishMail.subject).toBe(`Waiting list closed: ${isolate('List Forum')}`);
      expect(englishMail.text).toContain(to === 'archived' ? 'The organizers have canceled' : 'If it is published again, you can register or join its waiting list again');
      expect(englishMail.attachments).toEqual([]);

      const [audit] = await app().db.select().from(auditLog).where(eq(auditLog.targetId, id)).then((rows) => rows.filter((row) => row.action === 'registrations.cancel'));
      expect(audit?.details).toMatchObject({ count: 1, waiting: 2, to });
      // Published again: no one is seated from a list that was closed; the places are gone from the profile.
      if (to === 'draft') {
        const again = adminConferenceResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}`, headers)).body).data;
        expect((await postJson(app(), `/api/admin/conferences/${id}/status`, { status: 'published', version: again.version }, headers)).status).toBe(200);
        expect(await details(id, english.headers)).toMatchObject({ registered: false, waiting: null });
        expect(myWaitingPlacesResponseSchema.parse((await getJson(app(), '/api/conference-waiting-lists/mine', english.headers)).body).data).toEqual([]);
      }
    }
  });

  it('a conference that has ended keeps its list (the record) and tells no one when archived; the profile no longer lists the place', async () => {
    const { headers } = await staffHeaders(app());
    const id = await fullConference(1);
    const account = await member();
    expect((await join(id, account.headers)).status).toBe(201);
    await app().db.update(conferences).set({ startDate: new Date('2020-01-01T06:00:00Z'), endDate: new Date('2020-01-02T14:00:00Z') }).where(eq(conferences.id, id));
    const version = adminConferenceResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}`, headers)).body).data.version;
    const answer = await postJson(app(), `/api/admin/conferences/${id}/status`, { status: 'archived', version }, headers);
    expect(answer.body.msg).toBe(translateMessage('en', 'success.contentArchived'));
    expect(await app().db.select().from(conferenceWaitingList).where(eq(conferenceWaitingList.conferenceId, id))).toHaveLength(1);
    // The profile no longer offers a place on a conference that has ended.
    expect(myWaitingPlacesResponseSchema.parse((await getJson(app(), '/api/conference-waiting-lists/mine', account.headers)).body).data).toEqual([]);
    expect(smtp.mailsTo(account.user.email).filter((mail) => mail.subject.startsWith('Waiting list closed'))).toEqual([]);
  });
});
