/**
 * What every content route shares (issue 19): the upload call (its kinds, its size limits), saves
 * that carry their version (409 over a newer change, 404 for no row), and the refusal to publish
 * one language only.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { missingRequiredTranslations, missingTranslations, RESEARCH_IMAGE_MAX_BYTES, validationMessages } from '@scholars/shared-contracts/schemas';
import { auditLog, faqEntries } from '../src/db/schema';
import type { AppError } from '../src/lib/errors';
import { deleteVersioned, refuseInUse, refuseMissingTranslations, updateVersioned } from '../src/lib/operators/content';
import { PDF, PNG, staffHeaders, uploadContent } from './content-helpers';
import { build, useApp, type TestApp } from './helper';

const getApp = useApp();

const failure = async (work: () => Promise<unknown> | unknown) => {
  try {
    await work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

/** Every file under a folder, staging included (to prove a refused upload left nothing). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** The actor's `content.upload` entries in the audit log. */
const uploadsLogged = (app: TestApp, actorId: number) =>
  app.db.select().from(auditLog).where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'content.upload')));

describe('POST admin/uploads', () => {
  it('stores an image under a server name, publicly, re-encoded, and logs it', async () => {
    const app = getApp();
    const { headers, id } = await staffHeaders(app);
    const answer = await uploadContent(app, headers, 'image', '../../evil name.png', PNG);
    expect(answer.statusCode).toBe(201);
    const { data } = answer.json() as { data: { path: string; original_name: string; mime: string; size: number } };
    expect(data.path).toMatch(/^public\/images\/content\/.+\.(png|webp)$/);
    expect(data.path).not.toContain('evil');
    expect(existsSync(path.join(app.config.FILES_DIR, data.path))).toBe(true);
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.actorId, id));
    expect(logged.map((row) => row.action)).toContain('content.upload');
  });

  it('stores a PDF privately; a reviewer may upload too', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app, 'reviewer');
    const answer = await uploadContent(app, headers, 'pdf', 'book.pdf', PDF);
    expect(answer.statusCode).toBe(201);
    expect((answer.json() as { data: { path: string } }).data.path).toMatch(/^private\/content\/.+\.pdf$/);
  });

  it('refuses a file whose content is not of its kind, in the envelope and the language asked', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    // Each kind names only what it takes (a PDF slot never suggests an image, nor the other way).
    const notPdf = await uploadContent(app, { ...headers, 'accept-language': 'ar' }, 'pdf', 'book.pdf', PNG, 'application/pdf');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toEqual({ status: false, err: 400, msg: validationMessages.ar.fileMustBePdf, errors: { file: validationMessages.ar.fileMustBePdf } });
    const notImage = await uploadContent(app, headers, 'image', 'cover.png', PDF, 'image/png');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ status: false, msg: validationMessages.en.fileMustBeImage });
  });

  it('refuses an image over its 5 MB limit with 413, in the language asked, and keeps nothing: no file, no log entry', async () => {
    const app = getApp();
    const { headers, id } = await staffHeaders(app);
    const before = filesUnder(app.config.FILES_DIR);
    const big = Buffer.concat([PNG, Buffer.alloc(RESEARCH_IMAGE_MAX_BYTES + 1 - PNG.length, 1)]);
    for (const [language, message] of [
      ['ar', 'يجب ألا يزيد حجم الملف على 5 ميغابايت'],
      ['en', 'The file must be at most 5 MB'],
    ] as const) {
      const answer = await uploadContent(app, { ...headers, 'accept-language': language }, 'image', 'banner.png', big);
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toEqual({ status: false, err: 413, msg: message, errors: { file: message } });
    }
    expect(filesUnder(app.config.FILES_DIR)).toEqual(before);
    expect(await uploadsLogged(app, id)).toEqual([]);
    // Exactly at the limit it is taken: the limit is the largest size allowed.
    const atLimit = await uploadContent(app, headers, 'image', 'banner.png', big.subarray(0, RESEARCH_IMAGE_MAX_BYTES));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('refuses a PDF over the server limit (UPLOAD_LIMIT) with 413 naming it, and keeps nothing', async () => {
    const small = await build({ env: { UPLOAD_LIMIT: String(256 * 1024) } });
    try {
      const { headers, id } = await staffHeaders(small, 'reviewer');
      const big = Buffer.concat([PDF, Buffer.alloc(300 * 1024, 0x20)]);
      const answer = await uploadContent(small, { ...headers, 'accept-language': 'ar' }, 'pdf', 'book.pdf', big);
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toMatchObject({ status: false, err: 413, msg: 'يجب ألا يزيد حجم الملف على 0.3 ميغابايت' });
      expect(filesUnder(small.config.FILES_DIR)).toEqual([]);
      expect(await uploadsLogged(small, id)).toEqual([]);
    } finally {
      await small.cleanup();
    }
  });

  it('refuses an unknown kind (400) and a member without a staff role (403)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const unknownKind = await app.inject({ method: 'POST', url: '/api/admin/uploads?kind=video', headers });
    expect(unknownKind.statusCode).toBe(400);
    const { headers: supervisor } = await staffHeaders(app, 'supervisor');
    expect((await uploadContent(app, supervisor, 'image', 'a.png', PNG)).statusCode).toBe(403);
  });
});

describe('versioned saves', () => {
  it('updates at the expected version, then refuses the stale one (409) and an unknown row (404)', async () => {
    const app = getApp();
    const [row] = await app.db.insert(faqEntries).values({ question: 'س', questionEn: 'Q', answer: 'ج', answerEn: 'A' }).returning();
    const saved = await updateVersioned(app.db, faqEntries, row!.id, 1, { questionEn: 'Q2' });
    expect(saved.version).toBe(2);
    expect(saved.questionEn).toBe('Q2');
    const stale = await failure(() => updateVersioned(app.db, faqEntries, row!.id, 1, { questionEn: 'lost' }));
    expect([stale.statusCode, stale.messageKey]).toEqual([409, 'validation.staleEdit']);
    const [kept] = await app.db.select().from(faqEntries).where(eq(faqEntries.id, row!.id));
    expect(kept!.questionEn).toBe('Q2');
    expect((await failure(() => updateVersioned(app.db, faqEntries, 999_999, 1, {}))).statusCode).toBe(404);
    expect((await failure(() => deleteVersioned(app.db, faqEntries, row!.id, 1))).statusCode).toBe(409);
    await deleteVersioned(app.db, faqEntries, row!.id, 2);
    expect(await app.db.select().from(faqEntries).where(eq(faqEntries.id, row!.id))).toEqual([]);
  });
});

describe('both languages before publishing', () => {
  const pairs = [['title', 'title_en'], ['venue', 'venue_en']] as const;

  it('names each side left empty; an optional pair empty on both sides is fine', () => {
    expect(missingTranslations({ title: 'عنوان', title_en: ' ', venue: '', venue_en: '' }, pairs)).toEqual(['title_en']);
    expect(missingRequiredTranslations({ title: '', title_en: '', venue: 'مكان', venue_en: 'Place' }, pairs)).toEqual(['title', 'title_en']);
    expect(missingTranslations({ name: 'x' }, [['name', 'name_en']], 'speakers.0.')).toEqual(['speakers.0.name_en']);
  });

  it('refuses with 400, every field marked; and refuses deleting what is in use (409)', async () => {
    const refused = await failure(() => refuseMissingTranslations(['title_en', 'venue']));
    expect(refused.statusCode).toBe(400);
    expect(refused.fieldErrors).toEqual({ title_en: 'validation.translationMissing', venue: 'validation.translationMissing' });
    expect(() => refuseMissingTranslations([])).not.toThrow();
    const inUse = await failure(() => refuseInUse(3, 'validation.categoryInUse'));
    expect([inUse.statusCode, inUse.params]).toEqual([409, { count: 3 }]);
  });
});
