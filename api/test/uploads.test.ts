import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { researchOwnerFileLinkResponseSchema, researchSavedResponseSchema } from '@scholars/shared-contracts/schemas';
import { researchSubmissions } from '../src/db/schema';
import { contentDisposition, resolveInRoot, safeOriginalName, sniffType } from '../src/lib/uploads';
import { bearer, build, createUser, signIn, useApp, type TestApp } from './helper';
import { elfBytes, exeBytes, jpegBytes, pdfBytes, pngBytes, researchForm, submitResearch, validFields, webpBytes } from './research-helpers';

const app = useApp();

async function signedIn(target: TestApp = app(), overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(target, overrides);
  return { user, headers: bearer(await signIn(target, user)) };
}

/** Every file under a folder (to prove nothing was written where it should not be). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('type by content (magic bytes), never by name', () => {
  it('recognises PDF, JPEG, PNG and WebP, and nothing else', () => {
    expect(sniffType(pdfBytes())).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(sniffType(jpegBytes())).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffType(pngBytes())).toEqual({ mime: 'image/png', ext: 'png' });
    expect(sniffType(webpBytes())).toEqual({ mime: 'image/webp', ext: 'webp' });
    for (const bytes of [exeBytes(), elfBytes(), Buffer.from('#!/bin/sh\nrm -rf /\n'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), Buffer.from('%PDX-1.4 not a pdf'), Buffer.alloc(0)]) {
      expect(sniffType(bytes)).toBeNull();
    }
  });

  it('an executable renamed .pdf (and declared application/pdf) is refused; nothing is kept', async () => {
    const { user, headers } = await signedIn();
    const before = filesUnder(app().config.FILES_DIR).length;
    for (const bytes of [exeBytes(), elfBytes()]) {
      const { status, body } = await submitResearch(app(), headers, researchForm(validFields(), { file: { bytes, name: 'thesis.pdf', type: 'application/pdf' } }));
      expect(status).toBe(400);
      expect(body.errors).toEqual({ file: 'The research file must be a PDF document' });
    }
    // A PDF sent as the image, and an SVG, are not accepted images.
    const swapped = await submitResearch(
      app(),
      headers,
      researchForm(validFields(), { image: { bytes: pdfBytes(), name: 'cover.png', type: 'image/png' } }),
    );
    expect(swapped.body.errors).toEqual({ image: 'The research image must be a JPEG, PNG or WebP picture' });
    const svg = await submitResearch(
      app(),
      { ...headers, 'accept-language': 'ar' },
      researchForm(validFields(), { image: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: 'x.svg', type: 'image/svg+xml' } }),
    );
    expect(svg.body.errors).toEqual({ image: 'يجب أن تكون صورة البحث بصيغة JPEG أو PNG أو WebP' });
    expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
    expect(await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.ownerId, user.id))).toEqual([]);
  });

  it('a JPEG declared as a PDF name is stored with the extension of its real type', async () => {
    const { headers } = await signedIn();
    const { status, body } = await submitResearch(app(), headers, researchForm(validFields(), { image: { bytes: jpegBytes(), name: 'photo.pdf', type: 'application/pdf' } }));
    expect(status).toBe(201);
    expect(researchSavedResponseSchema.parse(body).data.image).toMatch(/\.jpg$/);
  });
});

describe('size limits: a clear 413', () => {
  it('an image over 5 MB: 413 with the field message and the limit; nothing kept', async () => {
    const { headers } = await signedIn();
    const before = filesUnder(app().config.FILES_DIR).length;
    const big = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const { status, body } = await submitResearch(app(), headers, researchForm(validFields(), { image: { bytes: big, name: 'huge.png', type: 'image/png' } }));
    expect(status).toBe(413);
    expect(body).toMatchObject({ status: false, err: 413, errors: { image: 'The file must be at most 5 MB' }, msg: 'The file must be at most 5 MB' });
    expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
  });

  it('a PDF over the server limit (UPLOAD_LIMIT) is refused with 413 naming the limit', async () => {
    const small = await build({ env: { UPLOAD_LIMIT: String(256 * 1024) } });
    try {
      const { headers } = await signedIn(small);
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(300 * 1024, 0x20)]);
      const { status, body } = await submitResearch(small, { ...headers, 'accept-language': 'ar' }, researchForm(validFields(), { file: { bytes: big, name: 'big.pdf', type: 'application/pdf' } }));
      expect(status).toBe(413);
      expect(body.errors).toEqual({ file: 'يجب ألا يزيد حجم الملف على 0.3 ميغابايت' });
      expect(filesUnder(small.config.FILES_DIR)).toEqual([]);
      // A body announcing more than every file can be is refused before it is read.
      const huge = await small.inject({
        method: 'POST',
        url: '/api/research',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
        payload: '--x--',
      });
      expect(huge.statusCode).toBe(413);
    } finally {
      await small.cleanup();
    }
  });
});

describe('names: server-generated on disk, the original one neutralised', () => {
  it('safeOriginalName keeps the last segment, strips controls and direction marks, forces the real extension', () => {
    expect(safeOriginalName('../../../etc/passwd.pdf', 'pdf')).toBe('passwd.pdf');
    expect(safeOriginalName('..\\..\\windows\\system32\\evil.exe', 'pdf')).toBe('evil.pdf');
    expect(safeOriginalName('/abs/path/.hidden.pdf', 'pdf')).toBe('hidden.pdf');
    expect(safeOriginalName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.pdf');
    expect(safeOriginalName('a"b<c>d|e?.pdf', 'pdf')).toBe('abcde.pdf');
    expect(safeOriginalName('line\r\nbreak.pdf', 'pdf')).toBe('linebreak.pdf');
    expect(safeOriginalName('بحث التخرج.pdf', 'pdf')).toBe('بحث التخرج.pdf');
    expect(safeOriginalName('', 'pdf', 'research')).toBe('research.pdf');
    expect(safeOriginalName('...', 'png', 'image')).toBe('image.png');
    expect([...safeOriginalName(`${'x'.repeat(400)}.pdf`, 'pdf')].length).toBe(154);
  });

  it('resolveInRoot refuses anything that would leave the files folder', () => {
    const root = '/srv/files';
    expect(resolveInRoot(root, 'private/research/a.pdf')).toBe('/srv/files/private/research/a.pdf');
    for (const bad of ['../etc/passwd', 'private/../../etc/passwd', '/etc/passwd', 'private\\..\\x', 'private/a\0.pdf', 'other/a.pdf', 'private//a.pdf']) {
      expect(resolveInRoot(root, bad), bad).toBeNull();
    }
  });

  it('a path-traversal file name is neutralised: stored under a generated name inside the files folder', async () => {
    const { headers } = await signedIn();
    const outside = path.resolve(app().config.FILES_DIR, '..', 'escaped.pdf');
    const { status, body } = await submitResearch(
      app(),
      headers,
      researchForm(validFields(), { file: { bytes: pdfBytes(), name: '../../escaped.pdf', type: 'application/pdf' } }),
    );
    expect(status).toBe(201);
    const { data } = researchSavedResponseSchema.parse(body);
    expect(data.file.name).toBe('escaped.pdf');
    const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, data.id));
    expect(row!.filePath).toMatch(/^private\/research\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const stored = path.join(app().config.FILES_DIR, row!.filePath);
    expect(statSync(stored).size).toBe(pdfBytes().length);
    expect(existsSync(outside)).toBe(false);
    expect(filesUnder(app().config.FILES_DIR).every((file) => file.startsWith(app().config.FILES_DIR + path.sep))).toBe(true);
  });
});

describe('download headers of a private file', () => {
  it('Content-Disposition carries the Arabic original name (RFC 5987) with an ASCII fallback; type, nosniff, no-store', async () => {
    const { headers } = await signedIn();
    const created = researchSavedResponseSchema.parse(
      (await submitResearch(app(), headers, researchForm(validFields(), { file: { bytes: pdfBytes(), name: 'بحث التخرج (نهائي).pdf', type: 'application/pdf' } }))).body,
    ).data;
    const link = researchOwnerFileLinkResponseSchema.parse((await app().inject({ method: 'POST', url: `/api/research/${created.id}/file-link`, headers })).json()).data;
    expect(link.name).toBe('بحث التخرج (نهائي).pdf');
    const download = await app().inject({ method: 'GET', url: `/api/${link.download_url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const disposition = String(download.headers['content-disposition']);
    const rfc5987 = encodeURIComponent('بحث التخرج (نهائي).pdf').replace(/[()]/g, (ch) => (ch === '(' ? '%28' : '%29'));
    expect(disposition).toBe(`attachment; filename="research-${created.id}.pdf"; filename*=UTF-8''${rfc5987}`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe('بحث التخرج (نهائي).pdf');
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
    const inline = await app().inject({ method: 'GET', url: `/api/${link.view_url}` });
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline; /);

    // Only the owner (and reviewers) get links; the link is the only way in.
    const stranger = await signedIn();
    expect((await app().inject({ method: 'POST', url: `/api/research/${created.id}/file-link`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: `/api/research/${created.id}/file?token=forged.token` })).statusCode).toBe(403);
  });

  it('contentDisposition: printable ASCII names are used as they are, quotes and backslashes replaced', () => {
    expect(contentDisposition('inline', 'report 2024.pdf', 'x.pdf')).toBe(`inline; filename="report 2024.pdf"; filename*=UTF-8''report%202024.pdf`);
    expect(contentDisposition('attachment', 'a"b\\c.pdf', 'x.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});
