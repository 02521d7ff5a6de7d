import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { researchOwnerFileLinkResponseSchema, researchSavedResponseSchema, validationMessages } from '@scholars/shared-contracts/schemas';
import { researchSubmissions } from '../src/db/schema';
import { contentDisposition, IMAGE_MAX_PIXELS, resolveInRoot, safeOriginalName, sniffType } from '../src/lib/uploads';
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

  it('an empty file that was chosen says it is empty (both languages); an input left empty is "required"', async () => {
    const { headers } = await signedIn();
    const before = filesUnder(app().config.FILES_DIR).length;
    const empty = await submitResearch(app(), headers, researchForm(validFields(), { file: { bytes: Buffer.alloc(0), name: 'بحث محكّم.pdf', type: 'application/pdf' } }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ file: validationMessages.en.fileEmpty });
    const emptyImage = await submitResearch(
      app(),
      { ...headers, 'accept-language': 'ar' },
      researchForm(validFields(), { image: { bytes: Buffer.alloc(0), name: 'cover.png', type: 'image/png' } }),
    );
    expect(emptyImage.body.errors).toEqual({ image: validationMessages.ar.fileEmpty });
    // What a plain form sends for a file input nobody filled: an empty part without a name.
    const unnamed = await submitResearch(app(), headers, researchForm(validFields(), { file: { bytes: Buffer.alloc(0), name: '', type: 'application/octet-stream' } }));
    expect(unnamed.body.errors).toEqual({ file: validationMessages.en.researchFileRequired });
    expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
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

/* ------------------------------------------------------------------------------------------------
 * Pictures are decoded, bounded and re-encoded (issue 16).
 * --------------------------------------------------------------------------------------------- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/**
 * A real, fully decodable black-and-white PNG of `width` x `height` (1 bit per pixel, all white):
 * a few KB on the wire however many pixels it declares, the shape of a pixel flood.
 */
function bilevelPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function uploadAvatar(target: TestApp, headers: Record<string, string>, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name);
  return target.inject({ method: 'POST', url: '/api/profile/avatar', headers, payload: form });
}

/** A photo as a phone takes it: GPS position and camera in EXIF, stored sideways (orientation 6). */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', ImageDescription: 'home sweet home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 3456/100', GPSLongitudeRef: 'E', GPSLongitude: '55/1 16/1 4321/100' },
    })
    .toBuffer();
}

describe('pictures: bounded in pixels, decoded, re-encoded without metadata', () => {
  it('a pixel flood (a small PNG declaring 20000 x 20000) is refused as avatar and as research image: 413, localized, nothing stored', async () => {
    const { headers } = await signedIn();
    const flood = bilevelPng(20000, 20000);
    expect(flood.length).toBeLessThan(400 * 1024);
    const before = filesUnder(app().config.FILES_DIR).length;

    const avatar = await uploadAvatar(app(), headers, flood);
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json()).toEqual({
      status: false,
      err: 413,
      msg: 'The picture has too many pixels: at most 40 megapixels',
      errors: { avatar: 'The picture has too many pixels: at most 40 megapixels' },
    });
    const research = await submitResearch(
      app(),
      { ...headers, 'accept-language': 'ar' },
      researchForm(validFields(), { image: { bytes: flood, name: 'cover.png', type: 'image/png' } }),
    );
    expect(research.status).toBe(413);
    expect(research.body).toMatchObject({ status: false, err: 413, errors: { image: 'عدد بكسلات الصورة كبير جدًا: الحد الأقصى 40 ميغابكسل' } });
    expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
    expect((await app().inject({ method: 'GET', url: '/api/profile', headers })).json().data.avatar).toBeNull();
  });

  it('the pixel limit is IMAGE_MAX_PIXELS: 8000 x 5000 is kept (shrunk to 2048 px), 8001 x 5000 is refused', async () => {
    expect(IMAGE_MAX_PIXELS).toBe(8000 * 5000);
    const { headers } = await signedIn();
    const refused = await submitResearch(app(), headers, researchForm(validFields(), { image: { bytes: bilevelPng(8001, 5000), name: 'big.png' } }));
    expect(refused.status).toBe(413);
    const kept = await submitResearch(app(), headers, researchForm(validFields(), { image: { bytes: bilevelPng(8000, 5000), name: 'big.png' } }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const stored = researchSavedResponseSchema.parse(kept.body).data.image;
    expect(stored).toMatch(/^public\/images\/research\/.+\.png$/);
    const meta = await sharp(path.join(app().config.FILES_DIR, stored)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2048, 1280]);
  });

  it('bytes that claim to be a picture but do not decode: 400 with a localized message, never a 500, nothing stored', async () => {
    const { headers } = await signedIn();
    const before = filesUnder(app().config.FILES_DIR).length;
    const real = bilevelPng(300, 200);
    const corrupt = [
      // The PNG signature, then garbage.
      Buffer.concat([pngBytes().subarray(0, 8), Buffer.alloc(200, 0x5a)]),
      // A real PNG cut in the middle of its pixel data.
      real.subarray(0, real.length - 40),
      // A JPEG start of image, then nothing a decoder can use.
      Buffer.concat([jpegBytes().subarray(0, 20), Buffer.alloc(100, 0)]),
      // A RIFF/WEBP header over no picture.
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 0)]),
    ];
    for (const bytes of corrupt) {
      const avatar = await uploadAvatar(app(), headers, bytes);
      expect(avatar.statusCode).toBe(400);
      expect(avatar.json()).toMatchObject({ status: false, err: 400, msg: 'The picture could not be read: the file is damaged or not a real picture' });
      const research = await submitResearch(app(), { ...headers, 'accept-language': 'ar' }, researchForm(validFields(), { image: { bytes, name: 'cover.png' } }));
      expect(research.status).toBe(400);
      expect(research.body.errors).toEqual({ image: 'تعذّرت قراءة الصورة: الملف تالف أو ليس صورة حقيقية' });
    }
    expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
  });

  it('a phone photo as avatar: turned upright, shrunk to 512 px, GPS and camera EXIF gone, served as the JPEG it is', async () => {
    const { headers } = await signedIn();
    const photo = await phonePhoto(3000, 1500);
    const sent = await sharp(photo).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const response = await uploadAvatar(app(), headers, photo, 'holiday.jpeg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().data.avatar as string;
    expect(avatar).toMatch(/^public\/images\/avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const served = await app().inject({ method: 'GET', url: `/files/${avatar.slice('public/'.length)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    // Orientation 6 is a quarter turn: 3000 x 1500 stored sideways is 1500 x 3000 upright.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 512]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    for (const trace of ['Exif', 'PhoneMaker', 'home sweet home']) expect(stored.includes(Buffer.from(trace)), trace).toBe(false);
  });

  it('a research image keeps its format, is shrunk to 2048 px, loses its EXIF, and the stored size is the re-encoded one', async () => {
    const { headers } = await signedIn();
    const webp = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#777' } })
      .webp()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 0/1' } })
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const { status, body } = await submitResearch(app(), headers, researchForm(validFields(), { image: { bytes: webp, name: 'cover.webp', type: 'image/webp' } }));
    expect(status, JSON.stringify(body)).toBe(201);
    const stored = researchSavedResponseSchema.parse(body).data.image;
    expect(stored).toMatch(/\.webp$/);
    const file = path.join(app().config.FILES_DIR, stored);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 2048, 512, undefined]);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Malformed multipart bodies: a 4xx with the envelope on every route that reads multipart.
 * --------------------------------------------------------------------------------------------- */

const B = 'XyZboundary42';
const CT = `multipart/form-data; boundary=${B}`;
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: Buffer, filename = 'a.png', type = 'image/png') =>
  Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from('\r\n')]);
const closing = `--${B}--\r\n`;
const body = (...parts: Array<string | Buffer>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));

interface UploadRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A text field of the form and a file field of the form (when it has one). */
  textField: string;
  fileField: string;
  /** Fields of the right names with values of the wrong type. */
  wrongTypes: Record<string, string>;
}

describe('malformed multipart on every upload route: 4xx with the envelope, never a 500, the server keeps answering', () => {
  let headers: Record<string, string> = {};
  let submissionId = 0;

  const routes: UploadRoute[] = [
    { name: 'POST base/contact', method: 'POST', url: () => '/api/base/contact', textField: 'email', fileField: 'attachment', wrongTypes: { full_name: 'A', email: 'not an address', phone: 'x', message: '' } },
    { name: 'POST profile/avatar', method: 'POST', url: () => '/api/profile/avatar', textField: 'name', fileField: 'avatar', wrongTypes: { avatar: 'a text, not a picture' } },
    { name: 'POST research', method: 'POST', url: () => '/api/research', textField: 'title', fileField: 'image', wrongTypes: { ...validFields(), category_id: 'abc', terms: 'maybe', research_type: 'poem' } },
    { name: 'PUT research/{id}', method: 'PUT', url: () => `/api/research/${submissionId}`, textField: 'title', fileField: 'image', wrongTypes: { ...validFields(), category_id: '-1', terms: 'false' } },
  ];

  const cases: Array<{ name: string; contentType?: string; payload: (route: UploadRoute) => Buffer }> = [
    { name: 'no boundary in the Content-Type', contentType: 'multipart/form-data', payload: (r) => body(field(r.textField, 'x'), closing) },
    { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload: (r) => body(field(r.textField, 'x'), closing) },
    { name: 'a boundary longer than multipart allows', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: () => body(`--${'b'.repeat(300)}--\r\n`) },
    { name: 'not multipart/form-data but multipart/mixed', contentType: `multipart/mixed; boundary=${B}`, payload: (r) => body(field(r.textField, 'x'), closing) },
    { name: 'a body cut in a part header', payload: () => body(`--${B}\r\nContent-Disposition: form-da`) },
    { name: 'a body cut in a field value (no closing boundary)', payload: (r) => body(field(r.textField, 'x'), `--${B}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n+9715`) },
    { name: 'a file part that never ends', payload: (r) => body(`--${B}\r\nContent-Disposition: form-data; name="${r.fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`, bilevelPng(64, 64)) },
    { name: 'a body that is not multipart at all', payload: () => body('hello, this is not a form') },
    { name: 'a malformed part header', payload: () => body(`--${B}\r\nthis is not a header\r\n\r\nvalue\r\n`, closing) },
    { name: 'parts with no name', payload: () => body(`--${B}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n`, filePart('', pngBytes()).toString('latin1').replace(' name=""', ''), closing) },
    { name: 'a prototype property as field name', payload: () => body(field('constructor', 'x'), field('__proto__', 'y'), closing) },
    { name: 'a file where a text field is expected', payload: (r) => body(filePart(r.textField, pngBytes()), closing) },
    { name: 'a text field where a file is expected', payload: (r) => body(field(r.fileField, 'not a file'), closing) },
    { name: 'fields of the wrong types', payload: (r) => body(...Object.entries(r.wrongTypes).map(([name, value]) => field(name, value)), closing) },
    { name: 'too many parts', payload: () => body(...Array.from({ length: 120 }, (_, i) => field(`f${i}`, 'x')), closing) },
    { name: 'too many files', payload: (r) => body(...Array.from({ length: 12 }, () => filePart(r.fileField, pngBytes())), closing) },
    { name: 'an empty body', payload: () => Buffer.alloc(0) },
  ];

  beforeAll(async () => {
    const session = await signedIn();
    headers = session.headers;
    const created = await submitResearch(app(), headers, researchForm(validFields()));
    expect(created.status).toBe(201);
    submissionId = researchSavedResponseSchema.parse(created.body).data.id;
  });

  for (const route of routes) {
    it.each(cases)(`${route.name}: $name`, async ({ contentType, payload }) => {
      const before = filesUnder(app().config.FILES_DIR).length;
      const response = await app().inject({
        method: route.method,
        url: route.url(),
        headers: { ...headers, 'content-type': contentType ?? CT, 'accept-language': 'ar' },
        payload: payload(route),
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      const answer = response.json() as Record<string, unknown>;
      expect(answer).toMatchObject({ status: false, err: response.statusCode });
      expect(typeof answer.msg).toBe('string');
      expect(answer.msg).toMatch(/[\u0600-\u06ff]/); // in the request's language
      expect(Object.keys(answer).every((key) => ['status', 'msg', 'err', 'errors'].includes(key))).toBe(true);
      // Nothing half-written is left behind, and the server answers the next request.
      expect(filesUnder(app().config.FILES_DIR).length).toBe(before);
      expect((await app().inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(200);
    });
  }
});

describe('a body that stops: nothing hangs, nothing half-written is kept', () => {
  /** Sends `head` and `bytes` on a raw socket; resolves with what the server answered and whether it closed. */
  function rawRequest(port: number, head: string, bytes: Buffer, { endAfter }: { endAfter: boolean }) {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(bytes);
        if (endAfter) socket.end();
      });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server held the connection: ${answer}`));
      }, 10_000).unref();
    });
  }

  it('a Content-Length larger than what is sent, then silence: cut off after UPLOAD_IDLE_TIMEOUT_MS; or the client closes: freed at once', async () => {
    const server = await build({ env: { UPLOAD_IDLE_TIMEOUT_MS: '400' } });
    try {
      const { headers } = await signedIn(server);
      await server.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.server.address() as AddressInfo).port;
      const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123' } }).png().toBuffer();
      // The file part begins (so a half-written file exists) and then nothing more comes.
      const partial = Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), photo.subarray(0, 200)]);
      const head =
        `POST /api/profile/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${headers.authorization}\r\n` +
        `Content-Type: ${CT}\r\nContent-Length: ${partial.length + 50_000}\r\n\r\n`;

      const silent = await rawRequest(port, head, partial, { endAfter: false });
      expect(silent.closedAfterMs).toBeGreaterThanOrEqual(350);
      expect(silent.closedAfterMs).toBeLessThan(5_000);
      expect(silent.answer).not.toMatch(/^HTTP\/1\.1 5/);

      const closed = await rawRequest(port, head, partial, { endAfter: true });
      expect(closed.closedAfterMs).toBeLessThan(5_000);
      expect(closed.answer).not.toMatch(/^HTTP\/1\.1 5/);

      // Nothing of either upload was kept (removed once the aborted stream has closed, which can
      // come after the socket's close on a loaded machine), and the server still answers.
      await expect.poll(() => filesUnder(server.config.FILES_DIR), { timeout: 5_000 }).toEqual([]);
      const next = await fetch(`http://127.0.0.1:${port}/api/profile`, { headers });
      expect(next.status).toBe(200);
      expect(((await next.json()) as { data: { avatar: unknown } }).data.avatar).toBeNull();
    } finally {
      await server.cleanup();
    }
  });
});

describe('a whole body the parser stalls on: a prompt 400, not a wait for the idle cut-off', () => {
  // Found by the fuzz test (fuzz.test.ts): a part whose header block never ends before the closing
  // boundary leaves the multipart parser waiting for a header. It stops reading, the request's
  // buffer fills, the socket is paused, and the answer came only from UPLOAD_IDLE_TIMEOUT_MS (30 s,
  // a 408 "stopped sending" to a client that had sent everything).
  const stalling = (size: number) => body(`--${B}\r\n\r\n${'a'.repeat(size)}\r\n`, closing);

  it('on every upload route, over real HTTP: 400 malformed (localized) within seconds, and the connection carries the next request', async () => {
    const server = app();
    const { headers } = await signedIn(server);
    const created = await submitResearch(server, headers, researchForm(validFields()));
    const id = researchSavedResponseSchema.parse(created.body).data.id;
    await server.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    expect(server.config.UPLOAD_IDLE_TIMEOUT_MS).toBeGreaterThanOrEqual(30_000);

    for (const [method, url] of [['POST', '/api/base/contact'], ['POST', '/api/profile/avatar'], ['POST', '/api/research'], ['PUT', `/api/research/${id}`]] as const) {
      for (const size of [20_000, 1_000_000]) {
        const started = Date.now();
        const response = await fetch(`${origin}${url}`, {
          method,
          headers: { ...headers, 'content-type': CT, 'accept-language': 'ar' },
          body: stalling(size),
          signal: AbortSignal.timeout(10_000),
        });
        expect(response.status, `${method} ${url} ${size}`).toBe(400);
        const answer = (await response.json()) as { status: boolean; err: number; msg: string; errors?: Record<string, string> };
        // Which 400 depends on how much of the body the parser takes in at once: where it stalls, the
        // body is malformed; where it reaches the end with no named part (a 20 KB body on Node 24,
        // whose streams buffer 64 KiB, not 16), the form's own field errors. Both in Arabic.
        if (answer.errors) expect(answer).toMatchObject({ status: false, err: 400, msg: Object.values(answer.errors)[0] });
        else expect(answer).toEqual({ status: false, err: 400, msg: validationMessages.ar.malformedMultipart });
        expect(answer.msg).toMatch(/[\u0600-\u06FF]/);
        expect(Date.now() - started).toBeLessThan(8_000);
        // Same keep-alive pool: the rest of the body was drained, the next request is answered.
        const next = await fetch(`${origin}/api/profile`, { headers, signal: AbortSignal.timeout(10_000) });
        expect(next.status).toBe(200);
      }
    }
  });
});

describe('a body the parser refuses at once: the connection still carries the next request', () => {
  // Found by the fuzz test (seed 22): a multipart type without a boundary, with 2 MB behind it, was
  // answered 400, but the parser had paused the request, so the next request on that kept-alive
  // connection waited behind the unread rest for good.
  /** POST over one kept-alive socket (an agent of one), answering the status and the message. */
  const post = (agent: Agent, port: number, url: string, headers: Record<string, string>, payload: Buffer) =>
    new Promise<{ status: number; msg: string }>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: url, agent, headers: { ...headers, 'content-length': String(payload.length) } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, msg: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { msg: string }).msg }));
      });
      outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no answer to ${url} within 10 s`)));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });

  it('on every upload route: 400 malformed (localized), then the same socket answers the next request', async () => {
    const server = await build();
    const { headers } = await signedIn(server);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    try {
      const payload = Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n`), Buffer.alloc(1_900_000, 0x61)]);
      for (const url of ['/api/base/contact', '/api/profile/avatar', '/api/research']) {
        expect(await post(agent, port, url, { ...headers, 'content-type': 'multipart/form-data', 'accept-language': 'ar' }, payload), url).toEqual({ status: 400, msg: validationMessages.ar.malformedMultipart });
        expect((await post(agent, port, url, { ...headers, 'content-type': 'application/octet-stream' }, Buffer.from('abc'))).status, url).toBe(415);
      }
      // One socket carried all six.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
      await server.cleanup();
    }
  });
});
